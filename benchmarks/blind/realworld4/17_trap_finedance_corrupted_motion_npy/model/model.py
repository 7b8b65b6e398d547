import math

import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_len=512):
        super().__init__()
        pe = torch.zeros(max_len, d_model)
        pos = torch.arange(max_len).unsqueeze(1).float()
        div = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000.0) / d_model))
        pe[:, 0::2] = torch.sin(pos * div)
        pe[:, 1::2] = torch.cos(pos * div)
        self.register_buffer("pe", pe)

    def forward(self, x):
        return x + self.pe[: x.size(1)].unsqueeze(0)


class DanceDecoder(nn.Module):
    """music-conditioned motion denoiser (a small EDGE-style transformer)"""

    def __init__(self, nfeats=315, music_dim=35, latent_dim=64, ff_size=128, num_layers=2, num_heads=4):
        super().__init__()
        self.input_projection = nn.Linear(nfeats, latent_dim)
        self.cond_projection = nn.Linear(music_dim, latent_dim)
        self.time_mlp = nn.Sequential(nn.Linear(1, latent_dim), nn.SiLU(), nn.Linear(latent_dim, latent_dim))
        self.pos = PositionalEncoding(latent_dim)
        layer = nn.TransformerDecoderLayer(latent_dim, num_heads, ff_size, 0.1, batch_first=True)
        self.seqTransDecoder = nn.TransformerDecoder(layer, num_layers)
        self.final_layer = nn.Linear(latent_dim, nfeats)

    def forward(self, x, cond, t):
        h = self.pos(self.input_projection(x)) + self.time_mlp(t[:, None, None].float()).expand(-1, x.size(1), -1)
        c = self.pos(self.cond_projection(cond))
        return self.final_layer(self.seqTransDecoder(h, c))


class GaussianDiffusion(nn.Module):
    def __init__(self, model, n_timestep=100):
        super().__init__()
        self.model = model
        self.n_timestep = n_timestep
        betas = torch.linspace(1e-4, 0.02, n_timestep)
        alphas_cumprod = torch.cumprod(1 - betas, 0)
        self.register_buffer("sqrt_ac", alphas_cumprod.sqrt())
        self.register_buffer("sqrt_1mac", (1 - alphas_cumprod).sqrt())

    def loss(self, x0, cond):
        t = torch.randint(0, self.n_timestep, (x0.size(0),))
        noise = torch.randn_like(x0)
        xt = self.sqrt_ac[t][:, None, None] * x0 + self.sqrt_1mac[t][:, None, None] * noise
        pred_x0 = self.model(xt, cond, t)
        return nn.functional.mse_loss(pred_x0, x0)
