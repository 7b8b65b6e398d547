import torch.nn as nn


class GestureGRU(nn.Module):
    def __init__(self, in_dim=42, hidden=64, num_classes=5):
        super().__init__()
        self.inp = nn.Sequential(nn.Linear(in_dim, hidden), nn.LayerNorm(hidden), nn.GELU())
        self.gru = nn.GRU(hidden, hidden, batch_first=True, bidirectional=True)
        self.cls = nn.Linear(2 * hidden, num_classes)

    def forward(self, x):
        h, _ = self.gru(self.inp(x))
        return self.cls(h.mean(1))
