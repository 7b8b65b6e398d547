import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, in_dim, hidden, out_dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, out_dim), nn.ReLU())
        self.out_dim = out_dim

    def forward(self, x):
        return self.net(x)


class Classifier(nn.Module):
    def __init__(self, backbone, n_classes):
        super().__init__()
        self.backbone = backbone
        self.head = nn.Sequential(nn.Linear(backbone.out_dim, 32), nn.ReLU(), nn.Linear(32, n_classes))

    def forward(self, x):
        return self.head(self.backbone(x))
