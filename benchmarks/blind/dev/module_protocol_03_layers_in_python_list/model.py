import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self, in_dim, hidden_sizes, out_dim, dropout=0.0):
        super().__init__()
        self.layers = []
        prev = in_dim
        for h in hidden_sizes:
            self.layers.append(nn.Linear(prev, h))
            prev = h
        self.head = [nn.Linear(prev, out_dim)]
        self.dropout = dropout

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
            x = nn.functional.dropout(x, self.dropout, self.training)
        return self.head[0](x)
