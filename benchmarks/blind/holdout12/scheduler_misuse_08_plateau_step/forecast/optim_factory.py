import torch


def build_optimizer(params, cfg):
    name = cfg["name"].lower()
    if name == "adamw":
        return torch.optim.AdamW(params, lr=cfg["lr"], weight_decay=cfg.get("weight_decay", 0.0))
    if name == "sgd":
        return torch.optim.SGD(params, lr=cfg["lr"], momentum=0.9)
    raise ValueError(f"unknown optimizer {name}")


def build_scheduler(optimizer, cfg, epochs):
    name = cfg["name"].lower()
    if name == "cosine":
        return torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)
    if name == "step":
        return torch.optim.lr_scheduler.StepLR(optimizer, step_size=cfg.get("step_size", 10), gamma=0.1)
    if name == "plateau":
        return torch.optim.lr_scheduler.ReduceLROnPlateau(
            optimizer, mode="min", factor=cfg.get("factor", 0.1), patience=cfg.get("patience", 5)
        )
    raise ValueError(f"unknown scheduler {name}")
