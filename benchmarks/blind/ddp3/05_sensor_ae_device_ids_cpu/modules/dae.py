import torch
import torch.nn as nn
import torch.nn.functional as F


class SensorDAE(nn.Module):
    def __init__(self, channels=6, hidden=32, latent=16):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv1d(channels, hidden, 5, stride=2, padding=2), nn.ReLU(),
            nn.Conv1d(hidden, latent, 5, stride=2, padding=2), nn.ReLU(),
        )
        self.dec = nn.Sequential(
            nn.ConvTranspose1d(latent, hidden, 4, stride=2, padding=1), nn.ReLU(),
            nn.ConvTranspose1d(hidden, channels, 4, stride=2, padding=1),
        )

    def forward(self, x):
        return self.dec(self.enc(x))


class DenoiseTask(nn.Module):
    """Lightning-style wrapper: owns the net and knows how to compute a step."""

    def __init__(self, noise_std=0.3, lr=1e-3):
        super().__init__()
        self.net = SensorDAE()
        self.noise_std = noise_std
        self.lr = lr

    def forward(self, x):
        return self.net(x)

    def configure_optimizers(self, params):
        return torch.optim.Adam(params, lr=self.lr)

    def training_step(self, model, batch):
        clean = batch[0]
        noisy = clean + self.noise_std * torch.randn_like(clean)
        return F.mse_loss(model(noisy), clean)


def make_signals(n=512, channels=6, length=64, seed=3):
    g = torch.Generator().manual_seed(seed)
    t = torch.linspace(0, 1, length)
    f = torch.randint(1, 8, (n, channels, 1), generator=g).float()
    ph = torch.rand(n, channels, 1, generator=g) * 6.283
    return torch.sin(6.283 * f * t + ph)
