import torch
import torch.nn as nn
import torch.nn.functional as F

CANDIDATE_OPS = {
    "conv3": lambda c: nn.Sequential(nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c), nn.ReLU()),
    "conv5": lambda c: nn.Sequential(nn.Conv2d(c, c, 5, padding=2, bias=False), nn.BatchNorm2d(c), nn.ReLU()),
    "dw3": lambda c: nn.Sequential(nn.Conv2d(c, c, 3, padding=1, groups=c, bias=False), nn.BatchNorm2d(c), nn.ReLU()),
    "skip": lambda c: nn.Identity(),
}
OPS_FLOPS = torch.tensor([9.0, 25.0, 1.5, 0.0])


class MixedOp(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.ops = nn.ModuleList([f(c) for f in CANDIDATE_OPS.values()])

    def forward(self, x, weights):
        return sum(w * op(x) for w, op in zip(weights, self.ops))


class Supernet(nn.Module):
    def __init__(self, layers_num=4, channels=16, classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, channels, 3, padding=1, bias=False), nn.BatchNorm2d(channels), nn.ReLU())
        self.layers = nn.ModuleList([MixedOp(channels) for _ in range(layers_num)])
        self.classifier = nn.Linear(channels, classes)

    def forward(self, x, arch_param, tau=5.0):
        weights = F.gumbel_softmax(arch_param, tau=tau, dim=-1)
        x = self.stem(x)
        for layer, w in zip(self.layers, weights):
            x = layer(x, w)
        return self.classifier(F.adaptive_avg_pool2d(x, 1).flatten(1))

    @staticmethod
    def flops(arch_param):
        return (F.softmax(arch_param, dim=-1) * OPS_FLOPS).sum()
