import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


def _run_epochs(model, loader, opt, epochs, tag):
    for ep in range(epochs):
        model.train()
        for x, y in loader:
            opt.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
        print(f"[{tag}] epoch {ep}: loss {loss.item():.3f}")


def linear_probe(model, train_ds, cfg):
    """Stage 1: backbone frozen, only the head is trained."""
    for p in model.backbone.parameters():
        p.requires_grad_(False)
    opt = torch.optim.SGD(model.head.parameters(), lr=cfg["probe_lr"], momentum=0.9)
    loader = DataLoader(train_ds, batch_size=cfg["batch_size"], shuffle=True)
    _run_epochs(model, loader, opt, cfg["probe_epochs"], "probe")
    path = os.path.join(cfg["out_dir"], "stage1.pt")
    os.makedirs(cfg["out_dir"], exist_ok=True)
    torch.save({"model": model.state_dict(), "optimizer": opt.state_dict()}, path)
    return path


def full_finetune(model, train_ds, cfg, resume_from):
    """Stage 2: unfreeze everything; backbone gets a smaller learning rate."""
    state = torch.load(resume_from)
    model.load_state_dict(state["model"])
    for p in model.backbone.parameters():
        p.requires_grad_(True)
    opt = torch.optim.SGD([
        {"params": model.backbone.parameters(), "lr": cfg["ft_lr"] * 0.1},
        {"params": model.head.parameters(), "lr": cfg["ft_lr"]},
    ], momentum=0.9)
    loader = DataLoader(train_ds, batch_size=cfg["batch_size"], shuffle=True)
    _run_epochs(model, loader, opt, cfg["ft_epochs"], "finetune")
    return model
