import torch

from .lookahead import Lookahead


def build_optimizer(cfg, params):
    name = cfg["name"].lower()
    if name == "adam":
        opt = torch.optim.Adam(params, lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    elif name == "sgd":
        opt = torch.optim.SGD(params, lr=cfg["lr"], momentum=0.9, weight_decay=cfg["weight_decay"])
    else:
        raise ValueError(f"unknown optimizer {name}")
    if cfg.get("lookahead", False):
        opt = Lookahead(opt, k=cfg["lookahead_k"], alpha=cfg["lookahead_alpha"])
    return opt


def build_scheduler(cfg, optimizer):
    name = cfg["name"].lower()
    if name == "step":
        return torch.optim.lr_scheduler.StepLR(optimizer, step_size=cfg["step_size"], gamma=cfg["gamma"])
    if name == "cosine":
        return torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=cfg["t_max"])
    raise ValueError(f"unknown scheduler {name}")
