import torch.nn as nn


def make_mlp(n_in, n_out, widths=(128, 64), p_drop=0.1):
    layers, d = [], n_in
    for w in widths:
        layers += [nn.Linear(d, w), nn.LayerNorm(w), nn.GELU(), nn.Dropout(p_drop)]
        d = w
    layers.append(nn.Linear(d, n_out))
    return nn.Sequential(*layers)
