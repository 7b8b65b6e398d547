import torch
import torch.nn as nn


class GraphConv(nn.Module):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim)

    def forward(self, x, a_norm):
        return a_norm @ self.lin(x)


class GCN(nn.Module):
    def __init__(self, in_dim, hidden, out_dim, dropout=0.3):
        super().__init__()
        self.conv1 = GraphConv(in_dim, hidden)
        self.conv2 = GraphConv(hidden, out_dim)
        self.drop = nn.Dropout(dropout)

    def forward(self, x, a_norm):
        h = torch.relu(self.conv1(x, a_norm))
        return self.conv2(self.drop(h), a_norm)
