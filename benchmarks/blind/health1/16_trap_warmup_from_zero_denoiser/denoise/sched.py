import math

from torch.optim.lr_scheduler import LambdaLR


def linear_warmup_cosine(optimizer, warmup_steps, total_steps, min_factor=0.05):
    def lr_lambda(step):
        if step < warmup_steps:
            return step / warmup_steps
        progress = (step - warmup_steps) / max(1, total_steps - warmup_steps)
        return min_factor + (1.0 - min_factor) * 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))

    return LambdaLR(optimizer, lr_lambda)
