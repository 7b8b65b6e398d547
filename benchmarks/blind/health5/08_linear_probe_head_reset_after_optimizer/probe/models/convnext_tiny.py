import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dw = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.GroupNorm(1, dim)
        self.pw1 = nn.Conv2d(dim, 4 * dim, 1)
        self.pw2 = nn.Conv2d(4 * dim, dim, 1)

    def forward(self, x):
        return x + self.pw2(nn.functional.gelu(self.pw1(self.norm(self.dw(x)))))


class TinyConvNeXt(nn.Module):
    def __init__(self, num_classes=1000, dims=(16, 32, 64)):
        super().__init__()
        layers, c = [], 3
        for d in dims:
            layers += [nn.Conv2d(c, d, 2, stride=2), Block(d)]
            c = d
        self.features = nn.Sequential(*layers)
        self.num_features = c
        self.head = nn.Linear(c, num_classes)

    def forward_features(self, x):
        return self.features(x).mean((2, 3))

    def forward(self, x):
        return self.head(self.forward_features(x))

    def get_classifier(self):
        return self.head

    def reset_classifier(self, num_classes):
        self.head = nn.Linear(self.num_features, num_classes)


def tiny_convnext(pretrained_classes=1000, **kw):
    torch.manual_seed(2024)  # deterministic "pretrained" weights stand-in
    return TinyConvNeXt(num_classes=pretrained_classes)
