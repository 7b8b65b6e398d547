import copy

import torch


class ModelEMA:
    """Exponential moving average of a model's weights.

    The shadow copy is only used for evaluation under bf16 autocast, so it is stored in
    bfloat16 to halve its memory footprint.
    """

    def __init__(self, model, decay=0.999, dtype=torch.bfloat16):
        self.module = copy.deepcopy(model).eval().to(dtype=dtype)
        self.decay = decay
        self.updates = 0
        for p in self.module.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def update(self, model):
        self.updates += 1
        d = min(self.decay, (1 + self.updates) / (10 + self.updates))   # warm-up
        msd = model.state_dict()
        for k, v in self.module.state_dict().items():
            if v.dtype.is_floating_point:
                v.lerp_(msd[k].detach().to(v.dtype), 1.0 - d)

    def state_dict(self):
        return {"module": self.module.state_dict(), "updates": self.updates, "decay": self.decay}
