import torch
import torch.nn as nn

_DEVICE_TYPE = "cuda" if torch.cuda.is_available() else "cpu"


class GradReverse(torch.autograd.Function):
    @staticmethod
    @torch.amp.custom_fwd(device_type=_DEVICE_TYPE, cast_inputs=torch.float32)
    def forward(ctx, x, lambd):
        ctx.lambd = lambd
        return x.view_as(x)

    @staticmethod
    @torch.amp.custom_bwd(device_type=_DEVICE_TYPE)
    def backward(ctx, grad_output):
        return grad_output.neg() * ctx.lambd, None


def grad_reverse(x, lambd=1.0):
    return GradReverse.apply(x, lambd)


class DANN(nn.Module):
    def __init__(self, in_dim, num_classes, feat_dim=32):
        super().__init__()
        self.feat_dim = feat_dim
        self.features = nn.Sequential(nn.Linear(in_dim, 64), nn.BatchNorm1d(64), nn.ReLU(),
                                      nn.Linear(64, feat_dim), nn.ReLU())
        self.classifier = nn.Linear(feat_dim, num_classes)
        self.domain = nn.Sequential(nn.Linear(feat_dim, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, x, lambd=0.0):
        f = self.features(x)
        return f, self.classifier(f), self.domain(grad_reverse(f, lambd))
