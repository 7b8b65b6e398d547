import math


class WarmupCosineSchedule:
    """Linear warm-up from 0 to the base learning rate, then cosine decay to 0."""

    def __init__(self, optimizer, warmup_steps, total_steps):
        self.optimizer = optimizer
        self.warmup_steps = max(1, warmup_steps)
        self.total_steps = total_steps
        self.step_num = 0
        self.base_lrs = [g["lr"] for g in optimizer.param_groups]
        self._set_lr()

    def factor(self, step):
        if step < self.warmup_steps:
            return step / self.warmup_steps
        progress = (step - self.warmup_steps) / max(1, self.total_steps - self.warmup_steps)
        return 0.5 * (1.0 + math.cos(math.pi * min(progress, 1.0)))

    def _set_lr(self):
        f = self.factor(self.step_num)
        for group, base_lr in zip(self.optimizer.param_groups, self.base_lrs):
            group["lr"] = base_lr * f

    def step(self):
        self.step_num += 1
        self._set_lr()

    def get_lr(self):
        return [g["lr"] for g in self.optimizer.param_groups]
