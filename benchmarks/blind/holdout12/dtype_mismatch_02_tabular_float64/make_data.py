import csv
import os

import numpy as np

COLUMNS = ["sqft", "bedrooms", "bathrooms", "age", "lot_size", "dist_center", "price"]


def write_synthetic_housing(path, n=1200, seed=7):
    rng = np.random.default_rng(seed)
    sqft = rng.normal(1800, 500, n).clip(400, None)
    bedrooms = rng.integers(1, 6, n)
    bathrooms = rng.integers(1, 4, n)
    age = rng.uniform(0, 80, n)
    lot = rng.lognormal(8.5, 0.4, n)
    dist = rng.uniform(0.5, 40, n)
    price = 120 * sqft + 8000 * bedrooms + 12000 * bathrooms - 900 * age + 2 * lot - 3000 * dist
    price += rng.normal(0, 20000, n)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(COLUMNS)
        for row in zip(sqft, bedrooms, bathrooms, age, lot, dist, price):
            w.writerow([f"{v:.4f}" for v in row])
