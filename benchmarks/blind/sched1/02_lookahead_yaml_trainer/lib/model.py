import torch.nn as nn


class GRUClassifier(nn.Module):
    def __init__(self, n_features, hidden, n_classes=2):
        super().__init__()
        self.gru = nn.GRU(n_features, hidden, batch_first=True)
        self.head = nn.Linear(hidden, n_classes)

    def forward(self, x):
        _, h = self.gru(x)
        return self.head(h[-1])
