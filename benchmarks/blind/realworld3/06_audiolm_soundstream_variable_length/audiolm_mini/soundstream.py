import torch
import torch.nn as nn
import torch.nn.functional as F


class SoundStream(nn.Module):
    """tiny conv autoencoder with a scalar-quantised bottleneck (straight-through)"""

    def __init__(self, channels=16, strides=(2, 4, 4), levels=16):
        super().__init__()
        enc, dec = [], []
        ch = 1
        for s in strides:
            enc += [nn.Conv1d(ch, channels, 2 * s, stride=s, padding=s // 2), nn.ELU()]
            ch = channels
        for s in reversed(strides):
            dec += [nn.ConvTranspose1d(channels, channels, 2 * s, stride=s, padding=s // 2), nn.ELU()]
        self.encoder = nn.Sequential(*enc)
        self.decoder = nn.Sequential(*dec, nn.Conv1d(channels, 1, 7, padding=3))
        self.levels = levels

    def forward(self, wave, return_loss=True):
        x = wave.unsqueeze(1)
        z = torch.tanh(self.encoder(x))
        q = torch.round(z * self.levels) / self.levels
        z = z + (q - z).detach()
        recon = self.decoder(z)[..., : x.shape[-1]]
        if not return_loss:
            return recon.squeeze(1)
        return F.l1_loss(recon, x) + F.mse_loss(recon, x)
