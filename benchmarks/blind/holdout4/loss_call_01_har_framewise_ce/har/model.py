import torch.nn as nn


class FrameTagger(nn.Module):
    """Conv front-end + BiGRU, one activity logit vector per time step."""

    def __init__(self, channels, n_classes, hidden=48, kernel=5, bidirectional=True):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv1d(channels, hidden, kernel, padding=kernel // 2), nn.ReLU(),
            nn.Conv1d(hidden, hidden, kernel, padding=kernel // 2), nn.ReLU(),
        )
        self.rnn = nn.GRU(hidden, hidden, batch_first=True, bidirectional=bidirectional)
        self.out = nn.Linear(hidden * (2 if bidirectional else 1), n_classes)

    def forward(self, x):
        h = self.conv(x.transpose(1, 2)).transpose(1, 2)
        h, _ = self.rnn(h)
        return self.out(h)
