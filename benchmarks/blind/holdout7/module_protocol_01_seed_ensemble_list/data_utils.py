import os

import numpy as np

COLUMNS = ["lot_area", "living_area", "bedrooms", "bathrooms", "year_built", "garage_cars",
           "overall_quality", "distance_center", "sale_price"]


def ensure_csv(path, n=1500, seed=0):
    if os.path.exists(path):
        return
    rng = np.random.default_rng(seed)
    lot = rng.lognormal(9.0, 0.4, n)
    living = rng.normal(1500, 400, n).clip(400)
    bed = rng.integers(1, 6, n)
    bath = rng.integers(1, 4, n)
    year = rng.integers(1900, 2022, n)
    garage = rng.integers(0, 4, n)
    qual = rng.integers(1, 11, n)
    dist = rng.exponential(8, n)
    price = (20000 + 90 * living + 0.8 * lot + 8000 * bath + 6000 * garage + 12000 * qual
             + 300 * (year - 1900) - 2500 * dist) * rng.lognormal(0, 0.1, n)
    data = np.column_stack([lot, living, bed, bath, year, garage, qual, dist, price])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    np.savetxt(path, data, delimiter=",", header=",".join(COLUMNS), comments="", fmt="%.3f")


def load_xy(path):
    arr = np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.float32)
    X, y = arr[:, :-1], np.log(arr[:, -1])
    return X, y.astype(np.float32)


def split_and_scale(X, y, valid_frac, seed):
    idx = np.random.default_rng(seed).permutation(len(X))
    n_val = int(len(X) * valid_frac)
    va, tr = idx[:n_val], idx[n_val:]
    mu, sd = X[tr].mean(0), X[tr].std(0) + 1e-6
    y_mu = y[tr].mean()
    return (X[tr] - mu) / sd, y[tr] - y_mu, (X[va] - mu) / sd, y[va] - y_mu
