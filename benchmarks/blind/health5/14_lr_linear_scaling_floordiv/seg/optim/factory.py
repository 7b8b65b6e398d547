import torch


def scaled_lr(solver):
    """Linear scaling rule (Goyal et al.): lr = base_lr * batch_size / 256."""
    return solver["base_lr"] * solver["batch_size"] // 256


def build_optimizer(solver, params):
    lr = scaled_lr(solver)
    if solver["optimizer"] == "sgd":
        return torch.optim.SGD(params, lr=lr, momentum=solver.get("momentum", 0.0),
                               weight_decay=solver.get("weight_decay", 0.0), nesterov=True)
    if solver["optimizer"] == "adamw":
        return torch.optim.AdamW(params, lr=lr, weight_decay=solver.get("weight_decay", 0.0))
    raise KeyError(solver["optimizer"])


def build_scheduler(solver, optimizer, steps_per_epoch):
    total = solver["epochs"] * steps_per_epoch
    warm = solver.get("warmup_epochs", 0) * steps_per_epoch

    def f(step):
        if step < warm:
            return (step + 1) / warm
        return 0.5 * (1 + torch.cos(torch.tensor(3.14159265 * (step - warm) / max(1, total - warm))).item())

    return torch.optim.lr_scheduler.LambdaLR(optimizer, f)
