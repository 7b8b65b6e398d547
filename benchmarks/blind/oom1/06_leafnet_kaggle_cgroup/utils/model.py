import torch.nn as nn


def dw_block(cin, cout, stride):
    return nn.Sequential(
        nn.Conv2d(cin, cin, 3, stride, 1, groups=cin, bias=False), nn.BatchNorm2d(cin), nn.ReLU6(),
        nn.Conv2d(cin, cout, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU6(),
    )


class LeafNet(nn.Module):
    def __init__(self, n_classes):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 32, 3, 1, 1, bias=False), nn.BatchNorm2d(32), nn.ReLU6())
        self.blocks = nn.Sequential(
            dw_block(32, 32, 1),
            dw_block(32, 64, 4),
            dw_block(64, 128, 2),
            dw_block(128, 128, 2),
        )
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2),
                                  nn.Linear(128, n_classes))

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)))
