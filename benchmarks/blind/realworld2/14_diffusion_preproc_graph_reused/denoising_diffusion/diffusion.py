import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class SinusoidalPosEmb(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        half = self.dim // 2
        emb = math.log(10000) / (half - 1)
        emb = torch.exp(torch.arange(half, device=x.device) * -emb)
        emb = x[:, None].float() * emb[None, :]
        return torch.cat((emb.sin(), emb.cos()), dim=-1)


class Block(nn.Module):
    def __init__(self, dim, dim_out, time_dim):
        super().__init__()
        self.conv = nn.Conv1d(dim, dim_out, 3, padding=1)
        self.norm = nn.GroupNorm(4, dim_out)
        self.time = nn.Linear(time_dim, dim_out)

    def forward(self, x, t):
        return F.silu(self.norm(self.conv(x)) + self.time(t)[:, :, None])


class Unet1D(nn.Module):
    def __init__(self, dim=32, channels=1):
        super().__init__()
        self.channels = channels
        self.time_mlp = nn.Sequential(SinusoidalPosEmb(dim), nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))
        self.down = Block(channels, dim, dim)
        self.mid = Block(dim, dim, dim)
        self.up = Block(dim * 2, dim, dim)
        self.out = nn.Conv1d(dim, channels, 1)

    def forward(self, x, time):
        t = self.time_mlp(time)
        h1 = self.down(x, t)
        h2 = self.mid(F.avg_pool1d(h1, 2), t)
        h2 = F.interpolate(h2, scale_factor=2)
        return self.out(self.up(torch.cat([h1, h2], 1), t))


def linear_beta_schedule(timesteps):
    scale = 1000 / timesteps
    return torch.linspace(scale * 0.0001, scale * 0.02, timesteps, dtype=torch.float64)


class GaussianDiffusion1D(nn.Module):
    def __init__(self, model, seq_length, timesteps=100):
        super().__init__()
        self.model = model
        self.channels = model.channels
        self.seq_length = seq_length
        self.num_timesteps = timesteps
        betas = linear_beta_schedule(timesteps)
        alphas_cumprod = torch.cumprod(1. - betas, dim=0)
        self.register_buffer('sqrt_alphas_cumprod', torch.sqrt(alphas_cumprod).float())
        self.register_buffer('sqrt_one_minus_alphas_cumprod', torch.sqrt(1. - alphas_cumprod).float())

    def q_sample(self, x_start, t, noise):
        return (self.sqrt_alphas_cumprod[t][:, None, None] * x_start +
                self.sqrt_one_minus_alphas_cumprod[t][:, None, None] * noise)

    def forward(self, img):
        b = img.shape[0]
        t = torch.randint(0, self.num_timesteps, (b,), device=img.device).long()
        noise = torch.randn_like(img)
        x = self.q_sample(img, t, noise)
        return F.mse_loss(self.model(x, t), noise)
