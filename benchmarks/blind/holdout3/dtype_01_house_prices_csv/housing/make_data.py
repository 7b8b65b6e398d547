import csv
import os

import numpy as np

COLUMNS = ["sqft", "bedrooms", "bathrooms", "age", "lot_size", "dist_center_km", "garage", "price"]


def write_csv(path, n=1500, seed=11):
    if os.path.exists(path):
        return path
    os.makedirs(os.path.dirname(path), exist_ok=True)
    rng = np.random.default_rng(seed)
    sqft = rng.normal(1800, 500, n).clip(400)
    beds = rng.integers(1, 6, n)
    baths = rng.integers(1, 4, n)
    age = rng.integers(0, 80, n)
    lot = rng.normal(6000, 2000, n).clip(800)
    dist = rng.exponential(8, n)
    garage = rng.integers(0, 2, n)
    price = (120 * sqft + 9000 * beds + 12000 * baths - 800 * age + 4 * lot
             - 3500 * dist + 15000 * garage + rng.normal(0, 20000, n))
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(COLUMNS)
        for row in zip(sqft, beds, baths, age, lot, dist, garage, price):
            w.writerow([f"{v:.3f}" for v in row])
    return path
