import torch.nn as nn


class FrameClassifier(nn.Module):
    def __init__(self, feat_dim, num_phones, hidden, layers, dropout):
        super().__init__()
        mods = [nn.Linear(feat_dim, hidden), nn.ReLU(), nn.Dropout(dropout)]
        for _ in range(layers - 1):
            mods += [nn.Linear(hidden, hidden), nn.ReLU(), nn.Dropout(dropout)]
        self.body = nn.Sequential(*mods)
        self.out = nn.Linear(hidden, num_phones)

    def forward(self, x):
        return self.out(self.body(x))
