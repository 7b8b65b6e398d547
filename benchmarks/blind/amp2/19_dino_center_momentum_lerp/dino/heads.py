import torch.nn as nn
import torch.nn.functional as F


class Backbone(nn.Module):
    def __init__(self, d_in=32, width=128):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, width), nn.GELU(), nn.Linear(width, width), nn.GELU())

    def forward(self, x):
        return self.net(x)


class DINOHead(nn.Module):
    def __init__(self, in_dim, out_dim, bottleneck=64):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(in_dim, 128), nn.GELU(), nn.Linear(128, bottleneck))
        self.last_layer = nn.utils.parametrizations.weight_norm(nn.Linear(bottleneck, out_dim, bias=False))

    def forward(self, x):
        return self.last_layer(F.normalize(self.mlp(x), dim=-1))


class MultiCropWrapper(nn.Module):
    def __init__(self, backbone, head):
        super().__init__()
        self.backbone, self.head = backbone, head

    def forward(self, x):
        return self.head(self.backbone(x))
