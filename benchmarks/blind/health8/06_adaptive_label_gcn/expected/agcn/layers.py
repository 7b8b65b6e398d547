import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class GraphConvolution(nn.Module):
    def __init__(self, in_features, out_features, bias=False):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(in_features, out_features))
        self.bias = nn.Parameter(torch.empty(out_features)) if bias else None
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.weight.size(1))
        self.weight.data.uniform_(-stdv, stdv)
        if self.bias is not None:
            self.bias.data.uniform_(-stdv, stdv)

    def forward(self, x, adj):
        support = torch.matmul(x, self.weight)
        output = torch.matmul(adj, support)
        return output + self.bias if self.bias is not None else output


class AdaptiveAdjacency(nn.Module):
    """A = softmax(theta(H) phi(H)^T), learned from the label node features."""

    def __init__(self, in_features, embed_dim):
        super().__init__()
        self.W_theta = nn.Linear(in_features, embed_dim, bias=False)
        self.W_phi = nn.Linear(in_features, embed_dim, bias=False)

    def forward(self, h):
        theta = self.W_theta(h)
        phi = self.W_phi(h)
        adj = F.softmax(theta @ phi.t(), dim=1)
        return adj
