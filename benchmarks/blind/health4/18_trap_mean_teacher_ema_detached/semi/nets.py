import torch.nn as nn


def make_net(hidden=64):
    return nn.Sequential(nn.Linear(2, hidden), nn.ReLU(), nn.Dropout(0.1),
                         nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, 2))
