import torch.nn as nn


class CmdNet(nn.Module):
    def __init__(self, n_feats=13, n_cmds=5):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(n_feats, 32, 3, padding=1), nn.ReLU(), nn.Conv1d(32, 32, 3, padding=1), nn.ReLU())
        self.gru = nn.GRU(32, 32, batch_first=True)
        self.fc = nn.Linear(32, n_cmds)

    def forward(self, x):
        h = self.conv(x).transpose(1, 2)
        _, last = self.gru(h)
        return self.fc(last[-1])
