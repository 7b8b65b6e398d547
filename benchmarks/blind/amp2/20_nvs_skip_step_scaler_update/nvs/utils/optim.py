import torch


def build_optimizer(model, tcfg):
    opt = torch.optim.AdamW(model.parameters(), lr=tcfg["lr"], betas=(0.9, 0.95), weight_decay=0.05)
    warm = tcfg["warmup"]
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / warm))
    return opt, sched
