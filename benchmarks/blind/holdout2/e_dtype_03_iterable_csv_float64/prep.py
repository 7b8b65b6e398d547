"""Writes a synthetic housing CSV (stand-in for the real export) and computes column stats."""
import os
import tempfile

import numpy as np

COLUMNS = ["sqft", "bedrooms", "bathrooms", "age", "lot", "dist_center", "garage", "price"]


def write_housing_csv(n_rows=600, seed=0):
    rng = np.random.default_rng(seed)
    sqft = rng.normal(1800, 500, n_rows).clip(400)
    bedrooms = rng.integers(1, 6, n_rows)
    bathrooms = rng.integers(1, 4, n_rows)
    age = rng.uniform(0, 80, n_rows)
    lot = rng.lognormal(8, 0.5, n_rows)
    dist = rng.uniform(0.5, 40, n_rows)
    garage = rng.integers(0, 2, n_rows)
    price = (150 * sqft + 10000 * bathrooms - 800 * age - 3000 * dist + 15000 * garage
             + rng.normal(0, 20000, n_rows)) / 1000.0
    data = np.column_stack([sqft, bedrooms, bathrooms, age, lot, dist, garage, price])
    path = os.path.join(tempfile.mkdtemp(), "housing.csv")
    np.savetxt(path, data, delimiter=",", header=",".join(COLUMNS), comments="", fmt="%.4f")
    return path


def column_stats(path):
    data = np.genfromtxt(path, delimiter=",", skip_header=1)
    return data.mean(axis=0), data.std(axis=0)
