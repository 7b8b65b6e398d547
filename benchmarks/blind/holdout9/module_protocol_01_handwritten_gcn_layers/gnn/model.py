import torch.nn as nn
import torch.nn.functional as F

from .layers import GraphConv


class GCN(nn.Module):
    def __init__(self, in_dim, hidden_dims, n_classes, dropout=0.5):
        super().__init__()
        dims = [in_dim, *hidden_dims, n_classes]
        self.layers = [GraphConv(dims[k], dims[k + 1]) for k in range(len(dims) - 1)]
        self.dropout = dropout

    def forward(self, x, a_hat):
        for k, layer in enumerate(self.layers):
            x = F.dropout(x, self.dropout, self.training)
            x = layer(x, a_hat)
            if k < len(self.layers) - 1:
                x = F.relu(x)
        return x
