import torch
from torch.nn import Module, Linear, Dropout, functional as F


class HousePriceMLP(Module):
    def __init__(self, n_features, hidden=(64, 32), p_drop=0.1):
        super().__init__()
        self.fc1 = Linear(n_features, hidden[0])
        self.fc2 = Linear(hidden[0], hidden[1])
        self.out = Linear(hidden[1], 1)
        self.drop = Dropout(p_drop)

    def foward(self, x):
        x = self.drop(F.relu(self.fc1(x)))
        x = F.relu(self.fc2(x))
        return self.out(x).squeeze(-1)
