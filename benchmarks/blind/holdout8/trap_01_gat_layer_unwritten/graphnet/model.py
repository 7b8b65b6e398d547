import torch.nn as nn
import torch.nn.functional as F

from .layers import CONVS


class NodeClassifier(nn.Module):
    def __init__(self, in_dim, hidden, num_classes, conv="gcn", heads=1, num_layers=2, dropout=0.5):
        super().__init__()
        conv_cls = CONVS[conv]
        dims = [in_dim] + [hidden] * (num_layers - 1)
        self.convs = nn.ModuleList(conv_cls(d_in, hidden, heads=heads) for d_in in dims)
        self.head = nn.Linear(hidden, num_classes)
        self.dropout = dropout

    def forward(self, x, adj):
        for conv in self.convs:
            x = F.dropout(x, self.dropout, self.training)
            x = F.elu(conv(x, adj))
        return self.head(x)
