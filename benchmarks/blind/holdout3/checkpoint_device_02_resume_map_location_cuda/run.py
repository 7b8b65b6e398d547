"""Stage 1: pretrain an autoencoder and checkpoint it. Stage 2: resume from the
checkpoint and keep training with a denoising objective."""
import os
import sys
import tomllib

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from lib import ckpt
from lib.device import resolve
from lib.glyphs import make_glyphs
from lib.models import AutoEncoder

HERE = os.path.dirname(os.path.abspath(__file__))


def epoch_loop(model, loader, opt, device, noise=0.0):
    model.train()
    total = 0.0
    for (x,) in loader:
        x = x.to(device)
        inp = (x + noise * torch.randn_like(x)).clamp(0, 1) if noise else x
        loss = F.binary_cross_entropy(model(inp), x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item() * len(x)
    return total / len(loader.dataset)


def main(cfg_path):
    with open(cfg_path, "rb") as f:
        cfg = tomllib.load(f)
    device = resolve(cfg["device"])
    torch.manual_seed(cfg["data"]["seed"])
    side = cfg["data"]["side"]
    data = make_glyphs(cfg["data"]["n_samples"], side, cfg["data"]["seed"])
    loader = DataLoader(TensorDataset(data), batch_size=cfg["train"]["batch_size"], shuffle=True)
    ckpt_path = os.path.join(HERE, cfg["checkpoint"]["dir"], f"{cfg['name']}.pt")

    model = AutoEncoder(side * side, cfg["model"]["hidden"], cfg["model"]["latent_dim"]).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["train"]["lr"])
    for ep in range(cfg["train"]["pretrain_epochs"]):
        print(f"[pretrain] epoch {ep}: bce {epoch_loop(model, loader, opt, device):.4f}")
    ckpt.save(ckpt_path, model, opt, cfg["train"]["pretrain_epochs"], {"stage": "pretrain"})

    model = AutoEncoder(side * side, cfg["model"]["hidden"], cfg["model"]["latent_dim"]).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["train"]["lr"])
    start, extra = ckpt.restore(ckpt_path, model, opt, map_location=cfg["checkpoint"]["map_location"])
    print(f"resumed from {extra['stage']} at epoch {start}")
    for ep in range(start, start + cfg["train"]["finetune_epochs"]):
        print(f"[denoise] epoch {ep}: bce {epoch_loop(model, loader, opt, device, noise=0.3):.4f}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "conf", "experiment.toml"))
