import numpy as np
import torch
from torch.utils.data import TensorDataset, random_split


def make_credit_table(cfg):
    rng = np.random.default_rng(cfg.seed)
    num = rng.normal(0, 1, (cfg.n_rows, cfg.n_numeric)).astype(np.float32)
    cats = np.column_stack([rng.integers(0, k, cfg.n_rows) for k in cfg.n_categories])
    risk = 0.8 * num[:, 0] - 0.6 * num[:, 1] + 0.3 * (cats[:, 0] == 2) + 0.5 * (cats[:, 2] == 1)
    y = (rng.uniform(size=cfg.n_rows) < 1 / (1 + np.exp(-(risk - 1.0)))).astype(np.float32)
    ds = TensorDataset(torch.from_numpy(num), torch.from_numpy(cats), torch.from_numpy(y))
    n_val = cfg.n_rows // 5
    n_test = cfg.n_rows // 10
    return random_split(ds, [cfg.n_rows - n_val - n_test, n_val, n_test],
                        generator=torch.Generator().manual_seed(cfg.seed))
