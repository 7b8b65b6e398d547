import torch.nn as nn


class Net(nn.Module):
    def __init__(self, in_dim, n_classes, hidden=64):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Dropout(0.2),
                                  nn.Linear(hidden, hidden), nn.ReLU())
        self.fc = nn.Linear(hidden, n_classes)

    def forward(self, x):
        return self.fc(self.body(x))
