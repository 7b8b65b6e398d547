from copy import deepcopy

import torch


def _unwrap(model):
    return model.module if hasattr(model, "module") else model


class ModelEma:
    """Exponential moving average of model weights (kept on every rank)."""

    def __init__(self, model, decay=0.99):
        self.ema = deepcopy(model.module)
        self.ema.eval()
        self.decay = decay
        for p in self.ema.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def update(self, model):
        msd = _unwrap(model).state_dict()
        for k, v in self.ema.state_dict().items():
            if v.dtype.is_floating_point:
                v.mul_(self.decay).add_(msd[k].detach(), alpha=1 - self.decay)
