from dataclasses import dataclass

import torch

from traj.losses import MultivariateGaussianNLL
from traj.model import TrajectoryHead


@dataclass
class Config:
    n_agents: int = 512
    past_len: int = 12
    horizon: int = 6
    batch_size: int = 64
    epochs: int = 1
    lr: float = 3e-4
    amp: bool = True
    amp_dtype: torch.dtype = torch.bfloat16
    seed: int = 0


def make_tracks(cfg):
    g = torch.Generator().manual_seed(cfg.seed)
    n, T = cfg.n_agents, cfg.past_len + cfg.horizon
    v0 = torch.randn(n, 1, 2, generator=g)
    acc = 0.05 * torch.randn(n, T, 2, generator=g)
    vel = v0 + acc.cumsum(1)
    pos = vel.cumsum(1) * 0.1
    feats = torch.cat([pos, vel], -1)
    past = feats[:, :cfg.past_len]
    fut = (pos[:, cfg.past_len:] - pos[:, cfg.past_len - 1:cfg.past_len]).reshape(n, -1)
    return past, fut


def main(cfg: Config):
    torch.manual_seed(cfg.seed)
    past, fut = make_tracks(cfg)
    model = TrajectoryHead(horizon=cfg.horizon)
    criterion = MultivariateGaussianNLL(2 * cfg.horizon)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    n = past.shape[0]
    for epoch in range(cfg.epochs):
        perm = torch.randperm(n)
        total = 0.0
        for i in range(0, n, cfg.batch_size):
            idx = perm[i:i + cfg.batch_size]
            with torch.autocast("cpu", dtype=cfg.amp_dtype, enabled=cfg.amp):
                mu, raw = model(past[idx])
                loss = criterion(mu, raw, fut[idx])
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            total += loss.item() * len(idx)
        print(f"epoch {epoch} nll {total / n:.4f}")


if __name__ == "__main__":
    main(Config())
