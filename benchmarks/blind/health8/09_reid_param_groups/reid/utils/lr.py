def adjust_lr(optimizer, epoch, base_lr, step_size=40):
    lr = base_lr * (0.1 ** (epoch // step_size))
    for g in optimizer.param_groups:
        g["lr"] = lr * g.get("lr_mult", 1)
