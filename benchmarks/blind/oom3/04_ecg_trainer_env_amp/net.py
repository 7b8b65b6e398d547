import torch.nn as nn


class ResBlock1d(nn.Module):
    def __init__(self, c, k=7):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(c, c, k, padding=k // 2, bias=False), nn.BatchNorm1d(c), nn.ReLU(),
            nn.Conv1d(c, c, k, padding=k // 2, bias=False), nn.BatchNorm1d(c),
        )
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(x + self.body(x))


class ECGResNet(nn.Module):
    def __init__(self, n_leads, n_classes, width=32):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv1d(n_leads, width, 15, stride=2, padding=7, bias=False),
                                  nn.BatchNorm1d(width), nn.ReLU())
        self.stage1 = nn.Sequential(ResBlock1d(width), ResBlock1d(width))
        self.down = nn.Sequential(nn.Conv1d(width, 2 * width, 7, stride=4, padding=3), nn.ReLU())
        self.stage2 = nn.Sequential(ResBlock1d(2 * width), ResBlock1d(2 * width))
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(2 * width, n_classes)

    def forward(self, x):
        x = self.stage2(self.down(self.stage1(self.stem(x))))
        return self.fc(self.pool(x).flatten(1))
