import math


def warmup_cosine(warmup_steps, total_steps, min_ratio=0.05):
    def lr_lambda(step):
        if step < warmup_steps:
            return step // warmup_steps
        progress = (step - warmup_steps) / max(1, total_steps - warmup_steps)
        return min_ratio + (1.0 - min_ratio) * 0.5 * (1.0 + math.cos(math.pi * min(progress, 1.0)))
    return lr_lambda
