import torch.nn as nn


def build_regressor(n_features, hidden):
    return nn.Sequential(
        nn.Linear(n_features, hidden), nn.SiLU(),
        nn.Linear(hidden, hidden), nn.SiLU(),
        nn.Linear(hidden, 1),
    )
