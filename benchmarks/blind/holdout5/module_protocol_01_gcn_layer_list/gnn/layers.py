import math

import torch
import torch.nn as nn


class GraphConv(nn.Module):
    """Kipf & Welling propagation: H' = A_hat @ H @ W + b."""

    def __init__(self, in_dim, out_dim, bias=True):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(in_dim, out_dim))
        self.bias = nn.Parameter(torch.zeros(out_dim)) if bias else None
        self.reset_parameters()

    def reset_parameters(self):
        bound = 1.0 / math.sqrt(self.weight.size(1))
        nn.init.uniform_(self.weight, -bound, bound)

    def forward(self, x, adj):
        out = adj @ (x @ self.weight)
        if self.bias is not None:
            out = out + self.bias
        return out
