import os

import numpy as np


def make_load_curve(path, n_hours=24 * 80, seed=3):
    """Hourly electricity load with daily/weekly seasonality, temperature and noise."""
    if os.path.exists(path):
        return path
    rng = np.random.default_rng(seed)
    t = np.arange(n_hours)
    daily = 10 * np.sin(2 * np.pi * t / 24 - 1.2)
    weekly = 4 * np.sin(2 * np.pi * t / (24 * 7))
    temp = 15 + 8 * np.sin(2 * np.pi * t / (24 * 365)) + rng.normal(0, 1.5, n_hours)
    load = 100 + daily + weekly + 0.8 * np.abs(temp - 18) + rng.normal(0, 2, n_hours)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    np.savetxt(path, np.column_stack([load, temp]), delimiter=",", header="load,temp", comments="")
    return path
