from dataclasses import dataclass, field

import torch
import torch.nn as nn

from contrastive.losses import AlignUniformLoss


@dataclass
class OptimConfig:
    lr: float = 1e-3
    weight_decay: float = 1e-5


@dataclass
class RunConfig:
    n_samples: int = 2048
    n_features: int = 32
    embed_dim: int = 64
    batch_size: int = 128
    steps: int = 20
    precision: str = "bf16-mixed"
    optim: OptimConfig = field(default_factory=OptimConfig)


def make_encoder(cfg):
    return nn.Sequential(nn.Linear(cfg.n_features, 128), nn.GELU(), nn.Linear(128, 128), nn.GELU(),
                         nn.Linear(128, cfg.embed_dim))


def two_views(x, g):
    drop = lambda: (torch.rand(x.shape, generator=g) > 0.2).float()
    return x * drop() + 0.05 * torch.randn(x.shape, generator=g), x * drop() + 0.05 * torch.randn(x.shape, generator=g)


def run(cfg: RunConfig):
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    data = torch.randn(cfg.n_samples, cfg.n_features, generator=g)
    enc = make_encoder(cfg)
    crit = AlignUniformLoss()
    opt = torch.optim.AdamW(enc.parameters(), lr=cfg.optim.lr, weight_decay=cfg.optim.weight_decay)
    mixed = cfg.precision == "bf16-mixed"
    for step in range(cfg.steps):
        x = data[torch.randint(0, cfg.n_samples, (cfg.batch_size,), generator=g)]
        v1, v2 = two_views(x, g)
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=mixed):
            loss = crit(enc(v1), enc(v2))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 5 == 0:
            print(f"step {step:3d} loss {loss.item():.4f}")


if __name__ == "__main__":
    run(RunConfig())
