import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader

from .preprocess import Standardizer, build_features, load_table


class CustomerDataset(Dataset):
    def __init__(self, features, churn, spend, spend_scale):
        self.x = torch.from_numpy(features)
        self.churn = torch.from_numpy(churn).long()
        self.spend = torch.from_numpy(spend / spend_scale)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], {"churn": self.churn[i], "spend": self.spend[i]}


def make_loaders(csv_path, batch_size, val_frac=0.2, seed=0):
    num, cats, churn, spend = load_table(csv_path)
    rng = np.random.default_rng(seed)
    perm = rng.permutation(len(num))
    n_val = int(len(num) * val_frac)
    val_idx, tr_idx = perm[:n_val], perm[n_val:]
    scaler = Standardizer().fit(num[tr_idx])
    feats = build_features(num, cats, scaler)
    scale = float(spend[tr_idx].std())
    tr = CustomerDataset(feats[tr_idx], churn[tr_idx], spend[tr_idx], scale)
    va = CustomerDataset(feats[val_idx], churn[val_idx], spend[val_idx], scale)
    return (DataLoader(tr, batch_size=batch_size, shuffle=True),
            DataLoader(va, batch_size=batch_size * 2), feats.shape[1])
