from torch import nn


class DenoisingAE(nn.Module):
    def __init__(self, channels=1, base=8):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(channels, base, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(base, base * 2, 3, stride=2, padding=1), nn.ReLU(),
        )
        self.decoder = nn.Sequential(
            nn.ConvTranspose2d(base * 2, base, 4, stride=2, padding=1), nn.ReLU(),
            nn.ConvTranspose2d(base, channels, 4, stride=2, padding=1), nn.Sigmoid(),
        )

    def forward(self, x):
        return self.decoder(self.encoder(x))
