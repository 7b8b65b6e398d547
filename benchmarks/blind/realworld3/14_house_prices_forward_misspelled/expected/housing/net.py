import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self, n_features, hidden):
        super(Net, self).__init__()
        self.fc1 = nn.Linear(n_features, hidden)
        self.fc2 = nn.Linear(hidden, hidden // 2)
        self.out = nn.Linear(hidden // 2, 1)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.out(x)
