import math

from torch.optim.lr_scheduler import LambdaLR


def warmup_cosine(optimizer, warmup_steps, total_steps):
    """Linear warm-up from 0 to the base lr, then cosine decay to 0."""

    def lr_lambda(step):
        if step < warmup_steps:
            return step / max(1, warmup_steps)
        progress = (step - warmup_steps) / max(1, total_steps - warmup_steps)
        return 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))

    return LambdaLR(optimizer, lr_lambda)
