from torch import nn


class SignalAutoencoder(nn.Module):
    """1-D conv autoencoder for fixed-length sensor windows (anomaly detection)."""

    def __init__(self, channels=3, latent=8):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv1d(channels, 16, 5, stride=2, padding=2), nn.ReLU(),   # 64 -> 32
            nn.Conv1d(16, 32, 5, stride=2, padding=2), nn.ReLU(),         # 32 -> 16
            nn.Conv1d(32, latent, 3, padding=1),
        )
        self.decoder = nn.Sequential(
            nn.ConvTranspose1d(latent, 32, 4, stride=2, padding=1), nn.ReLU(),  # 16 -> 32
            nn.ConvTranspose1d(32, 16, 4, stride=2, padding=1), nn.ReLU(),      # 32 -> 64
            nn.Conv1d(16, channels, 3, padding=1),
        )

    def forward(self, x):
        return self.decoder(self.encoder(x))
