import copy

import torch


class ModelEMA:
    """Exponential moving average of a model's weights.

    The shadow copy can be stored in a lower precision to save memory.
    """

    def __init__(self, model, decay=0.999, warmup=100, dtype=None):
        self.module = copy.deepcopy(model).eval()
        if dtype is not None:
            self.module.to(dtype=dtype)
        for p in self.module.parameters():
            p.requires_grad_(False)
        self.decay = decay
        self.warmup = warmup
        self.updates = 0

    def _decay(self):
        return min(self.decay, (1 + self.updates) / (self.warmup + self.updates))

    @torch.no_grad()
    def update(self, model):
        self.updates += 1
        d = self._decay()
        ema_params = list(self.module.parameters())
        model_params = list(model.parameters())
        torch._foreach_lerp_(ema_params, model_params, 1.0 - d)
        for eb, mb in zip(self.module.buffers(), model.buffers()):
            eb.copy_(mb)

    def state_dict(self):
        return self.module.state_dict()
