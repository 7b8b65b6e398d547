import torch.nn as nn


def build_model(in_features, num_classes, hidden=64, dropout=0.2):
    return nn.Sequential(
        nn.Linear(in_features, hidden),
        nn.ReLU(),
        nn.Dropout(dropout),
        nn.Linear(hidden, hidden),
        nn.ReLU(),
        nn.Dropout(dropout),
        nn.Linear(hidden, num_classes),
    )
