import csv
import os
import random

import torch
from torch.utils.data import Dataset

COLUMNS = ["sqft", "bedrooms", "bathrooms", "age", "distance_km", "garage"]


def generate_csv(path, n=400, seed=7):
    rnd = random.Random(seed)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(COLUMNS + ["price"])
        for _ in range(n):
            sqft = rnd.uniform(500, 3500)
            bed = rnd.randint(1, 5)
            bath = rnd.randint(1, 3)
            age = rnd.uniform(0, 80)
            dist = rnd.uniform(0.5, 40)
            garage = rnd.randint(0, 1)
            price = 50 + 0.12 * sqft + 10 * bed + 8 * bath - 0.6 * age - 2.5 * dist + 15 * garage + rnd.gauss(0, 20)
            w.writerow([f"{v:.3f}" for v in (sqft, bed, bath, age, dist, garage, price)])


class HousingCSV(Dataset):
    def __init__(self, path, stats=None):
        with open(path) as f:
            rows = list(csv.DictReader(f))
        x = torch.tensor([[float(r[c]) for c in COLUMNS] for r in rows])
        y = torch.tensor([float(r["price"]) for r in rows])
        if stats is None:
            stats = (x.mean(0), x.std(0), y.mean(), y.std())
        self.stats = stats
        xm, xs, ym, ys = stats
        self.x = (x - xm) / xs
        self.y = (y - ym) / ys

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
