import torch.nn as nn


class DenoisingAE(nn.Module):
    def __init__(self, channels=16):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv1d(1, channels, 5, stride=2, padding=2),
            nn.ReLU(),
            nn.Conv1d(channels, 2 * channels, 5, stride=2, padding=2),
            nn.ReLU(),
        )
        self.decoder = nn.Sequential(
            nn.ConvTranspose1d(2 * channels, channels, 4, stride=2, padding=1),
            nn.ReLU(),
            nn.ConvTranspose1d(channels, 1, 4, stride=2, padding=1),
        )

    def forward(self, x):
        return self.decoder(self.encoder(x))
