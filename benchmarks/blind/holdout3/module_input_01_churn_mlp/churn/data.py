import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader, random_split


def make_synthetic_table(cfg):
    rng = np.random.default_rng(cfg.seed)
    n = cfg.n_customers
    numeric = rng.normal(size=(n, len(cfg.numeric_cols))).astype(np.float32)
    plan_idx = rng.integers(0, len(cfg.plan_types), size=n)
    logits = 0.8 * numeric[:, 3] - 0.5 * numeric[:, 0] + 0.3 * (plan_idx == 0)
    churned = (logits + rng.normal(scale=0.5, size=n) > 0).astype(np.float32)
    return numeric, plan_idx, churned


def one_hot(idx, k):
    out = np.zeros((len(idx), k), dtype=np.float32)
    out[np.arange(len(idx)), idx] = 1.0
    return out


class ChurnDataset(Dataset):
    def __init__(self, cfg):
        numeric, plan_idx, churned = make_synthetic_table(cfg)
        mean, std = numeric.mean(0), numeric.std(0) + 1e-6
        numeric = (numeric - mean) / std
        self.features = np.concatenate([numeric, one_hot(plan_idx, len(cfg.plan_types))], axis=1)
        self.targets = churned

    def __len__(self):
        return len(self.targets)

    def __getitem__(self, i):
        return torch.from_numpy(self.features[i]), torch.tensor(self.targets[i])


def build_loaders(cfg, batch_size):
    ds = ChurnDataset(cfg)
    n_val = len(ds) // 5
    train_ds, val_ds = random_split(ds, [len(ds) - n_val, n_val],
                                    generator=torch.Generator().manual_seed(0))
    return (DataLoader(train_ds, batch_size=batch_size, shuffle=True),
            DataLoader(val_ds, batch_size=batch_size))
