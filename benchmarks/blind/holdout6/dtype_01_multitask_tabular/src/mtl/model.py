import copy

import torch
import torch.nn as nn


class SharedBottom(nn.Module):
    def __init__(self, in_dim, hidden=128, depth=2, dropout=0.1, tasks=None):
        super().__init__()
        layers, d = [], in_dim
        for _ in range(depth):
            layers += [nn.Linear(d, hidden), nn.LayerNorm(hidden), nn.GELU(), nn.Dropout(dropout)]
            d = hidden
        self.trunk = nn.Sequential(*layers)
        tasks = tasks or {"churn": 2, "spend": 1}
        self.heads = nn.ModuleDict({t: nn.Sequential(nn.Linear(hidden, hidden // 2), nn.GELU(),
                                                     nn.Linear(hidden // 2, k)) for t, k in tasks.items()})

    def forward(self, x):
        h = self.trunk(x)
        return {t: head(h) for t, head in self.heads.items()}


class ModelEMA:
    def __init__(self, model, decay=0.999):
        self.ema = copy.deepcopy(model).eval()
        self.decay = decay
        for p in self.ema.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def update(self, model):
        for e, m in zip(self.ema.state_dict().values(), model.state_dict().values()):
            if e.dtype.is_floating_point:
                e.mul_(self.decay).add_(m.detach(), alpha=1 - self.decay)
