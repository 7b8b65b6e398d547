import torch.nn as nn


def make_tagger(n_mels=40, n_tags=8, hidden=64):
    return nn.Sequential(
        nn.LayerNorm(n_mels),
        nn.Linear(n_mels, hidden), nn.GELU(),
        nn.Dropout(0.1),
        nn.Linear(hidden, n_tags),
    )
