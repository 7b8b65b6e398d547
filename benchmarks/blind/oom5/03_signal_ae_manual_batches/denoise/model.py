import torch.nn as nn


class DenoisingAE(nn.Module):
    def __init__(self, channels=32):
        super().__init__()
        c = channels
        self.encoder = nn.Sequential(
            nn.Conv1d(1, c, 9, padding=4), nn.ReLU(),
            nn.Conv1d(c, c, 9, stride=2, padding=4), nn.ReLU(),
            nn.Conv1d(c, 2 * c, 9, stride=2, padding=4), nn.ReLU(),
        )
        self.decoder = nn.Sequential(
            nn.ConvTranspose1d(2 * c, c, 8, stride=2, padding=3), nn.ReLU(),
            nn.ConvTranspose1d(c, c, 8, stride=2, padding=3), nn.ReLU(),
            nn.Conv1d(c, 1, 9, padding=4),
        )

    def forward(self, x):
        return self.decoder(self.encoder(x))
