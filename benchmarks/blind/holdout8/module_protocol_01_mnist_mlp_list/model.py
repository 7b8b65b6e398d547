import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self, input_size=784, hidden_sizes=(256, 128, 64), num_classes=10, dropout=0.2):
        super(MLP, self).__init__()
        self.layers = []
        prev = input_size
        for h in hidden_sizes:
            self.layers.append(nn.Linear(prev, h))
            prev = h
        self.out = [nn.Linear(prev, num_classes)]
        self.dropout = dropout

    def forward(self, x):
        x = x.view(x.size(0), -1)
        for layer in self.layers:
            x = F.relu(layer(x))
            x = F.dropout(x, p=self.dropout, training=self.training)
        return self.out[0](x)
