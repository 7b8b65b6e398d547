import contextlib
import time
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from voxnet.data import ShapeClouds
from voxnet.models import PointVoxelClassifier


@dataclass
class TrainConfig:
    epochs: int = 2
    grid: int = 12
    batch_size: int = 32
    lr: float = 2e-3
    amp: str = "bf16"
    seed: int = 0


def _ctx(cfg):
    if cfg.amp == "bf16":
        return torch.autocast("cpu", dtype=torch.bfloat16)
    return contextlib.nullcontext()


def run(cfg: TrainConfig):
    torch.manual_seed(cfg.seed)
    train_dl = DataLoader(ShapeClouds(384, seed=1), batch_size=cfg.batch_size, shuffle=True)
    test_dl = DataLoader(ShapeClouds(96, seed=2), batch_size=cfg.batch_size)
    model = PointVoxelClassifier(grid=cfg.grid)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        t0 = time.time()
        model.train()
        for pts, y in train_dl:
            with _ctx(cfg):
                loss = F.cross_entropy(model(pts), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        correct = 0
        with torch.no_grad(), _ctx(cfg):
            for pts, y in test_dl:
                correct += (model(pts).argmax(1) == y).sum().item()
        print(f"epoch {epoch}: last loss {loss.item():.3f}  test acc {correct / len(test_dl.dataset):.3f}  ({time.time() - t0:.1f}s)")
    print("done")
