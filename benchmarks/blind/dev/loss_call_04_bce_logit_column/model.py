import torch.nn as nn


class SpamClassifier(nn.Module):
    """Binary classifier over hashed bag-of-words features.

    forward() returns one logit per message, shape (batch,).
    """

    def __init__(self, n_buckets, hidden=32):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(n_buckets, hidden), nn.ReLU(), nn.Dropout(0.2))
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.head(self.encoder(x))
