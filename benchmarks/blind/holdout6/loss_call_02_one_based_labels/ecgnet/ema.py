import copy

import torch


class WeightEMA:
    """Keeps an exponential moving average of parameters and buffers."""

    def __init__(self, model, decay=0.99):
        self.decay = decay
        self.module = copy.deepcopy(model).eval()
        for p in self.module.parameters():
            p.requires_grad = False

    @torch.no_grad()
    def step(self, model):
        msd = model.state_dict()
        for k, v in self.module.state_dict().items():
            if v.dtype.is_floating_point:
                v.copy_(self.decay * v + (1.0 - self.decay) * msd[k])
            else:
                v.copy_(msd[k])
