import torch.nn as nn


class ConvLSTMRegressor(nn.Module):
    def __init__(self, n_feat, hidden=48):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(n_feat, hidden, 3, padding=1), nn.GELU())
        self.lstm = nn.LSTM(hidden, hidden, batch_first=True, bidirectional=True)
        self.head = nn.Sequential(nn.Linear(2 * hidden, hidden), nn.GELU(), nn.Linear(hidden, 1))

    def forward(self, x):
        h = self.conv(x.transpose(1, 2)).transpose(1, 2)
        h, _ = self.lstm(h)
        return self.head(h).squeeze(-1)
