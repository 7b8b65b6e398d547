import torch
import torch.nn as nn

from .layers import AdaptiveAdjacency, GraphConvolution


class SmallCNN(nn.Module):
    def __init__(self, out_dim):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
            nn.AdaptiveMaxPool2d(1),
        )
        self.proj = nn.Linear(32, out_dim)

    def forward(self, x):
        return self.proj(self.features(x).flatten(1))


class AGCNResnet(nn.Module):
    def __init__(self, num_classes, in_channel=50, feat_dim=64, embed_dim=32):
        super().__init__()
        self.backbone = SmallCNN(feat_dim)
        self.adj = AdaptiveAdjacency(in_channel, embed_dim)
        self.gc1 = GraphConvolution(in_channel, 48)
        self.gc2 = GraphConvolution(48, feat_dim)
        self.relu = nn.LeakyReLU(0.2)

    def forward(self, img, inp):
        feature = self.backbone(img)
        adj = self.adj(inp)
        x = self.relu(self.gc1(inp, adj))
        x = self.gc2(x, adj)
        return feature @ x.t()

    def get_config_optim(self, lr, lrp):
        return [
            {"params": self.backbone.parameters(), "lr": lr * lrp},
            {"params": self.adj.parameters(), "lr": lr},
            {"params": self.gc1.parameters(), "lr": lr},
            {"params": self.gc2.parameters(), "lr": lr},
        ]
