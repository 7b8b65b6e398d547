import torch.nn as nn


class ReviewMLP(nn.Module):
    def __init__(self, in_dim, hidden, num_classes, dropout=0.0):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(in_dim, hidden),
            nn.GELU(),
            nn.Dropout(dropout),
            nn.Linear(hidden, hidden),
            nn.GELU(),
        )
        self.out = nn.Linear(hidden, num_classes)

    def forward(self, x):
        return self.out(self.body(x))
