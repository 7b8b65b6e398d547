import torch.nn as nn


class ConvAE(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv1d(1, ch, 9, padding=4), nn.ReLU(),
            nn.Conv1d(ch, ch, 9, stride=2, padding=4), nn.ReLU(),
        )
        self.dec = nn.Sequential(
            nn.ConvTranspose1d(ch, ch, 4, stride=2, padding=1), nn.ReLU(),
            nn.Conv1d(ch, 1, 9, padding=4),
        )

    def forward(self, x):
        return self.dec(self.enc(x))
