import math

import torch
import torch.nn as nn


class GCNConv(nn.Module):
    """Kipf & Welling graph convolution on a dense, pre-normalized adjacency."""

    def __init__(self, in_dim, out_dim, **_):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim, bias=False)
        self.bias = nn.Parameter(torch.zeros(out_dim))

    def forward(self, x, adj):
        return adj @ self.lin(x) + self.bias


class GATConv(nn.Module):
    """Graph attention layer (Velickovic et al.), multi-head, heads concatenated."""

    def __init__(self, in_dim, out_dim, heads=1, negative_slope=0.2, **_):
        super().__init__()
        assert out_dim % heads == 0, "out_dim must be divisible by heads"
        self.heads = heads
        self.head_dim = out_dim // heads
        self.lin = nn.Linear(in_dim, out_dim, bias=False)
        self.att_src = nn.Parameter(torch.empty(heads, self.head_dim))
        self.att_dst = nn.Parameter(torch.empty(heads, self.head_dim))
        self.leaky_relu = nn.LeakyReLU(negative_slope)
        nn.init.xavier_uniform_(self.att_src, gain=math.sqrt(2))
        nn.init.xavier_uniform_(self.att_dst, gain=math.sqrt(2))

    def forward(self, x, adj):
        h = self.lin(x).view(-1, self.heads, self.head_dim)
        # TODO(me): e_ij = LeakyReLU(a_src.h_i + a_dst.h_j), softmax over neighbours j
        #           (adj > 0 plus self loops), dropout on attention, weighted sum per head
        raise NotImplementedError("GATConv attention aggregation is not written yet")


CONVS = {"gcn": GCNConv, "gat": GATConv}
