import torch.nn as nn


class HeatmapNet(nn.Module):
    def __init__(self, k=5, ch=16):
        super().__init__()
        layers, cin = [], 1
        for _ in range(4):
            layers += [nn.Conv2d(cin, ch, 3, padding=1), nn.BatchNorm2d(ch), nn.ReLU()]
            cin = ch
        self.features = nn.Sequential(*layers)
        self.out = nn.Conv2d(ch, k, 1)

    def forward(self, x):
        return self.out(self.features(x))
