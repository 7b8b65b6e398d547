import math

from torch.optim.lr_scheduler import LambdaLR


def warmup_cosine(optimizer, warmup_steps, total_steps):
    def fn(step):
        if step < warmup_steps:
            return step / warmup_steps
        progress = (step - warmup_steps) / max(1, total_steps - warmup_steps)
        return 0.5 * (1.0 + math.cos(math.pi * progress))
    return LambdaLR(optimizer, fn)
