import csv

import torch
from torch.utils.data import Dataset


class Interactions(Dataset):
    def __init__(self, path):
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
        self.user_ids = sorted({r["user_id"] for r in rows})
        self.item_ids = sorted({r["item_id"] for r in rows})
        u_index = {u: i for i, u in enumerate(self.user_ids)}
        i_index = {it: i for i, it in enumerate(self.item_ids)}
        self.users = torch.tensor([u_index[r["user_id"]] for r in rows])
        self.items = torch.tensor([i_index[r["item_id"]] for r in rows])
        self.ratings = torch.tensor([float(r["rating"]) for r in rows])

    def __len__(self):
        return len(self.ratings)

    def __getitem__(self, i):
        return self.users[i], self.items[i], self.ratings[i]
