import torch


def build_optimizer(model, lr, encoder_lr_mult, weight_decay):
    """Two param groups: the encoder at a reduced lr, the head at the base lr; no decay on norms/biases."""
    groups = {
        "encoder_decay": {"params": [], "lr": lr * encoder_lr_mult, "weight_decay": weight_decay},
        "encoder_no_decay": {"params": [], "lr": lr * encoder_lr_mult, "weight_decay": 0.0},
        "head_decay": {"params": [], "lr": lr, "weight_decay": weight_decay},
        "head_no_decay": {"params": [], "lr": lr, "weight_decay": 0.0},
    }
    for name, p in model.named_parameters():
        if not p.requires_grad:
            continue
        decay = "no_decay" if p.ndim <= 1 else "decay"
        if name.startswith("encoder."):
            groups[f"encoder_{decay}"]["params"].append(p)
        elif name.startswith("head."):
            groups[f"head_{decay}"]["params"].append(p)
    return torch.optim.AdamW([g for g in groups.values() if g["params"]], lr=lr)
