from torch.optim.lr_scheduler import LambdaLR


def warmup_inverse_sqrt(optimizer, warmup_steps):
    """lr factor: step / warmup during warm-up (starts at exactly 0), then sqrt(warmup / step)."""
    def factor(step):
        if step < warmup_steps:
            return step / warmup_steps
        return (warmup_steps / step) ** 0.5
    return LambdaLR(optimizer, factor)
