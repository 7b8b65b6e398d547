import torch
import torch.nn as nn
import torch.nn.functional as F


class Top1MoE(nn.Module):
    def __init__(self, d=16, hidden=32, n_experts=4):
        super().__init__()
        self.router = nn.Linear(d, n_experts)
        self.experts = nn.ModuleList(
            [nn.Sequential(nn.Linear(d, hidden), nn.GELU(), nn.Linear(hidden, d)) for _ in range(n_experts)]
        )

    def forward(self, x):
        gates = F.softmax(self.router(x), dim=-1)
        weight, choice = gates.max(dim=-1)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            mask = choice == e
            if mask.any():  # experts that got no tokens are skipped this step
                out[mask] = weight[mask, None] * expert(x[mask])
        # load-balancing auxiliary loss (Switch Transformer)
        frac = torch.bincount(choice, minlength=len(self.experts)).float() / len(choice)
        aux = len(self.experts) * (frac * gates.mean(0)).sum()
        return x + out, aux


class MoERegressor(nn.Module):
    def __init__(self, d_in=8, d=16):
        super().__init__()
        self.inp = nn.Linear(d_in, d)
        self.moe = Top1MoE(d)
        self.out = nn.Linear(d, 1)

    def forward(self, x):
        h, aux = self.moe(self.inp(x))
        return self.out(h).squeeze(-1), aux
