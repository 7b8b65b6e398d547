import torch.nn as nn


class ActivityGRU(nn.Module):
    def __init__(self, n_channels, hidden, layers, n_classes):
        super().__init__()
        self.inp = nn.Linear(n_channels, hidden)
        self.gru = nn.GRU(hidden, hidden, num_layers=layers, batch_first=True)
        self.cls = nn.Linear(hidden, n_classes)

    def forward(self, x):
        out, _ = self.gru(self.inp(x))
        return self.cls(out.mean(dim=1))
