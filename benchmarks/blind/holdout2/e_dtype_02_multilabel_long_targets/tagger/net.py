from torch import nn


class TagNet(nn.Module):
    def __init__(self, channels, n_tags):
        super().__init__()
        blocks, cin = [], 3
        for cout in channels:
            blocks.append(nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(), nn.MaxPool2d(2)))
            cin = cout
        self.body = nn.Sequential(*blocks)
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, n_tags))

    def forward(self, x):
        return self.head(self.body(x))
