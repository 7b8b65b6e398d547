import torch.nn as nn


class ConvEncoder(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(1, channels, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2),
            nn.Conv1d(channels, 2 * channels, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(1),
        )
        self.out_dim = 2 * channels

    def forward(self, x):
        return self.net(x).squeeze(-1)


class MultiTaskConvNet(nn.Module):
    def __init__(self, channels, tasks):
        super().__init__()
        self.encoder = ConvEncoder(channels)
        self.heads = {}
        for name, out_dim in tasks.items():
            self.heads[name] = nn.Sequential(nn.Linear(self.encoder.out_dim, 32), nn.ReLU(), nn.Linear(32, out_dim))

    def forward(self, x):
        z = self.encoder(x)
        return {name: head(z) for name, head in self.heads.items()}
