import copy

import torch


class ModelEma:
    """Keeps an exponential moving average of the model weights; used for validation only."""

    def __init__(self, model, decay=0.98):
        self.module = copy.deepcopy(model)
        self.module.eval()
        self.module.requires_grad_(False)
        self.decay = decay

    @torch.no_grad()
    def update(self, model):
        for ema_v, v in zip(self.module.state_dict().values(), model.state_dict().values()):
            if ema_v.dtype.is_floating_point:
                ema_v.mul_(self.decay).add_(v, alpha=1 - self.decay)
            else:
                ema_v.copy_(v)
