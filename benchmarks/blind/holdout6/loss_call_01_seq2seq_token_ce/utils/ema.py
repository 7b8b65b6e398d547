import copy

import torch


class EMA:
    def __init__(self, model, decay=0.995, warmup=10):
        self.shadow = copy.deepcopy(model)
        self.shadow.requires_grad_(False)
        self.decay, self.warmup, self.updates = decay, warmup, 0

    @torch.no_grad()
    def update(self, model):
        self.updates += 1
        d = min(self.decay, (1 + self.updates) / (self.warmup + self.updates))
        for s, p in zip(self.shadow.parameters(), model.parameters()):
            s.lerp_(p, 1 - d)
