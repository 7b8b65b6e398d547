import torch
import torch.nn as nn


class SurrogateMLP(nn.Module):
    """Maps (t, omega, damping, x0, v0) -> x(t) for a damped oscillator."""

    def __init__(self, in_dim=5, width=64, depth=4):
        super().__init__()
        dims = [in_dim] + [width] * depth
        self.hidden = nn.ModuleList([nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:])])
        self.out = nn.Linear(width, 1)
        self.act = nn.Tanh()

    def forward(self, x):
        for layer in self.hidden:
            x = self.act(layer(x))
        return self.out(x)
