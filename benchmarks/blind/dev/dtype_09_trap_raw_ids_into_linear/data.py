"""Click logs: each row is (user_id, item_id, campaign_id, hour_of_day) -> clicked.

Ids come straight from the event pipeline (64-bit hashed ids, no vocabulary file).
"""
import numpy as np
import torch
from torch.utils.data import Dataset

COLUMNS = ("user_id", "item_id", "campaign_id", "hour_of_day")


def fake_click_log(n=512, seed=0):
    rng = np.random.default_rng(seed)
    users = rng.integers(10**9, 10**12, size=40)
    items = rng.integers(10**9, 10**12, size=60)
    campaigns = rng.integers(1000, 99999, size=8)
    rows = np.stack([
        rng.choice(users, n), rng.choice(items, n), rng.choice(campaigns, n), rng.integers(0, 24, n),
    ], axis=1).astype(np.int64)
    clicked = (rng.random(n) < 0.2).astype(np.float32)
    return rows, clicked


class ClickDataset(Dataset):
    def __init__(self, rows, clicked):
        self.rows = torch.from_numpy(rows)
        self.clicked = torch.from_numpy(clicked)

    def __len__(self):
        return len(self.clicked)

    def __getitem__(self, i):
        return self.rows[i], self.clicked[i]
