"""Feature engineering for the synthetic customer table."""
import csv
import os

import numpy as np

NUMERIC = ["age", "tenure_months", "monthly_charges", "support_calls", "data_gb"]
CATEGORICAL = {"plan": ["basic", "plus", "pro"], "region": ["north", "south", "east", "west"]}


def write_synthetic_csv(path, n=2000, seed=7):
    rng = np.random.default_rng(seed)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(NUMERIC + list(CATEGORICAL) + ["churn", "next_month_spend"])
        for _ in range(n):
            age = rng.integers(18, 80)
            tenure = rng.integers(0, 72)
            charges = rng.normal(60, 20)
            calls = rng.poisson(1.5)
            data_gb = rng.gamma(2.0, 5.0)
            plan = rng.choice(CATEGORICAL["plan"])
            region = rng.choice(CATEGORICAL["region"])
            logit = -1.0 + 0.5 * calls - 0.03 * tenure + 0.01 * (charges - 60) + (plan == "basic") * 0.6
            churn = int(rng.random() < 1 / (1 + np.exp(-logit)))
            spend = charges * (1 - 0.7 * churn) + 0.8 * data_gb + rng.normal(0, 3)
            w.writerow([age, tenure, round(charges, 2), calls, round(data_gb, 3), plan, region, churn, round(spend, 2)])


def load_table(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    num = np.array([[float(r[c]) for c in NUMERIC] for r in rows])
    cats = {k: np.array([v.index(r[k]) for r in rows]) for k, v in CATEGORICAL.items()}
    churn = np.array([int(r["churn"]) for r in rows])
    spend = np.array([float(r["next_month_spend"]) for r in rows], dtype=np.float32)
    return num, cats, churn, spend


class Standardizer:
    def fit(self, x):
        self.mean = x.mean(0)
        self.std = x.std(0) + 1e-6
        return self

    def transform(self, x):
        return (x - self.mean) / self.std


def one_hot(idx, n):
    out = np.zeros((len(idx), n))
    out[np.arange(len(idx)), idx] = 1.0
    return out


def build_features(num, cats, scaler):
    parts = [scaler.transform(num)]
    for k, v in CATEGORICAL.items():
        parts.append(one_hot(cats[k], len(v)))
    return np.concatenate(parts, axis=1)
