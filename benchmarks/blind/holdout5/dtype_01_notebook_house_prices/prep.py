"""Feature engineering helpers extracted from the EDA notebook."""
import numpy as np
import torch

NUMERIC = ["sqft", "bedrooms", "bathrooms", "age", "lot_size", "dist_center"]
CATEGORICAL = {"neighborhood": ["north", "south", "east", "west", "downtown"],
               "heating": ["gas", "electric", "heatpump"]}


def make_raw_table(n, seed=42):
    rng = np.random.default_rng(seed)
    table = {
        "sqft": rng.normal(1800, 500, n).clip(400, None),
        "bedrooms": rng.integers(1, 6, n),
        "bathrooms": rng.integers(1, 4, n),
        "age": rng.integers(0, 80, n),
        "lot_size": rng.lognormal(8.5, 0.4, n),
        "dist_center": rng.gamma(2.0, 4.0, n),
        "neighborhood": rng.choice(CATEGORICAL["neighborhood"], n),
        "heating": rng.choice(CATEGORICAL["heating"], n),
    }
    bonus = {"north": 20, "south": -10, "east": 0, "west": 5, "downtown": 60}
    price = (
        90 * table["sqft"] / 1000 * 100
        + 15 * table["bedrooms"]
        + 10 * table["bathrooms"]
        - 0.8 * table["age"]
        - 3 * table["dist_center"]
        + np.array([bonus[v] for v in table["neighborhood"]])
        + rng.normal(0, 20, n)
    )
    table["price"] = price
    return table


def fit_scaler(table):
    stats = {}
    for col in NUMERIC:
        x = np.asarray(table[col], dtype=np.float64)
        stats[col] = (x.mean(), x.std() + 1e-8)
    return stats


def one_hot(values, vocab):
    out = np.zeros((len(values), len(vocab)))
    idx = {v: i for i, v in enumerate(vocab)}
    for r, v in enumerate(values):
        out[r, idx[v]] = 1.0
    return out


def transform(table, stats):
    cols = [(np.asarray(table[c], dtype=np.float64) - stats[c][0]) / stats[c][1] for c in NUMERIC]
    X = np.stack(cols, axis=1)
    cats = [one_hot(table[c], vocab) for c, vocab in CATEGORICAL.items()]
    return np.concatenate([X] + cats, axis=1)


def to_tensors(X, y=None):
    X_t = torch.from_numpy(X)
    if y is None:
        return X_t
    y_t = torch.from_numpy(np.log1p(np.asarray(y))).unsqueeze(1)
    return X_t, y_t
