import numpy as np
import torch
from torch.utils.data import TensorDataset

N_DENSE = 8
CAT_CARDINALITIES = [50, 30, 20, 100]


def make_ctr_data(n_rows=8192, seed=2024):
    rng = np.random.default_rng(seed)
    dense = rng.normal(size=(n_rows, N_DENSE)).astype(np.float32)
    cats = np.stack([rng.integers(0, c, n_rows) for c in CAT_CARDINALITIES], 1)
    w = rng.normal(size=N_DENSE)
    cat_effect = sum(rng.normal(size=c)[cats[:, i]] for i, c in enumerate(CAT_CARDINALITIES))
    logit = dense @ w * 0.5 + cat_effect - 0.5
    clicks = (rng.random(n_rows) < 1 / (1 + np.exp(-logit))).astype(np.float32)
    return TensorDataset(torch.from_numpy(dense), torch.from_numpy(cats).long(), torch.from_numpy(clicks))
