"""Generates the building-energy table we get from the facilities export (no network access on the cluster)."""
import numpy as np


def load_table(cfg):
    rng = np.random.default_rng(cfg.seed)
    n = cfg.n_buildings
    cols = {
        "floor_area": rng.uniform(200, 20000, n),
        "n_floors": rng.integers(1, 30, n).astype(float),
        "year_built": rng.integers(1900, 2022, n).astype(float),
        "mean_temp": rng.normal(11.0, 4.0, n),
        "occupancy": rng.uniform(0.1, 1.0, n),
        # this site has no district-heating connections at all
        "has_district_heating": np.zeros(n),
    }
    kwh = (0.09 * cols["floor_area"] + 15 * cols["n_floors"] - 2.0 * (cols["year_built"] - 1900)
           - 40 * cols["mean_temp"] + 900 * cols["occupancy"] + rng.normal(0, 60, n))
    X = np.stack([cols[f] for f in cfg.features], axis=1).astype(np.float32)
    y = (kwh / 1000.0).astype(np.float32)  # MWh
    return X, y
