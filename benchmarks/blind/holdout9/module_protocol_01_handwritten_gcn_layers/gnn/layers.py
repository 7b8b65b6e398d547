import math
import torch
import torch.nn as nn


class GraphConv(nn.Module):
    def __init__(self, in_dim, out_dim, bias=True):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(in_dim, out_dim))
        self.bias = nn.Parameter(torch.zeros(out_dim)) if bias else None
        nn.init.uniform_(self.weight, -1 / math.sqrt(out_dim), 1 / math.sqrt(out_dim))

    def forward(self, x, a_hat):
        h = torch.sparse.mm(a_hat, x @ self.weight)
        return h + self.bias if self.bias is not None else h
