import torch
import torch.nn as nn
import torch.nn.functional as F


class GraphConv(nn.Module):
    def __init__(self, in_features, out_features):
        super(GraphConv, self).__init__()
        self.weight = nn.Parameter(torch.empty(in_features, out_features))
        self.bias = nn.Parameter(torch.zeros(out_features))
        nn.init.xavier_uniform_(self.weight)

    def forward(self, x, A):
        # x: (B, N, F), A: (B, N, N) normalised adjacency with self loops
        return torch.bmm(A, x @ self.weight) + self.bias


class GCN(nn.Module):
    def __init__(self, n_feat, n_class, n_layer, agg_hidden, fc_hidden, dropout, readout, device):
        super(GCN, self).__init__()
        self.n_layer = n_layer
        self.dropout = dropout
        self.readout = readout
        self.device = device

        # Graph convolution layer
        self.graph_convolution_layers = nn.ModuleList()
        for i in range(n_layer):
            if i == 0:
                self.graph_convolution_layers.append(GraphConv(n_feat, agg_hidden).to(device))
            else:
                self.graph_convolution_layers.append(GraphConv(agg_hidden, agg_hidden).to(device))

        # Fully-connected layer
        self.fc1 = nn.Linear(agg_hidden, fc_hidden)
        self.fc2 = nn.Linear(fc_hidden, n_class)

    def forward(self, data):
        x, adj, mask = data[:3]
        for i in range(self.n_layer):
            x = F.relu(self.graph_convolution_layers[i](x, adj))
            if i != self.n_layer - 1:
                x = F.dropout(x, p=self.dropout, training=self.training)

        # Readout
        m = mask.unsqueeze(-1)
        if self.readout == 'avg':
            x = (x * m).sum(1) / m.sum(1)
        elif self.readout == 'max':
            x = x.masked_fill(m == 0, -1e9).max(1).values
        else:
            x = (x * m).sum(1)

        x = F.relu(self.fc1(x))
        x = F.dropout(x, p=self.dropout, training=self.training)
        x = self.fc2(x)
        return x
