import csv
import os

import numpy as np
import torch

CATEGORICAL = ["workclass", "education", "marital_status"]


def make_income_csv(path, n=2000, seed=0):
    """adult-income-like table: three categorical columns (4 levels each) and a >50K label"""
    rng = np.random.RandomState(seed)
    levels = {
        "workclass": ["Private", "Self-emp", "Gov", "Other"],
        "education": ["HS-grad", "Some-college", "Bachelors", "Masters"],
        "marital_status": ["Never-married", "Married", "Divorced", "Widowed"],
    }
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(CATEGORICAL + ["income"])
        for _ in range(n):
            row = [rng.randint(0, 4) for _ in CATEGORICAL]
            score = 0.8 * row[1] + 0.6 * (row[2] == 1) + 0.4 * (row[0] == 1) + rng.randn() * 0.7
            w.writerow([levels[c][v] for c, v in zip(CATEGORICAL, row)] + [">50K" if score > 1.8 else "<=50K"])


def load_income(path="income.csv"):
    if not os.path.exists(path):
        make_income_csv(path)
    with open(path) as f:
        rows = list(csv.DictReader(f))
    codes = {c: {v: i for i, v in enumerate(sorted({r[c] for r in rows}))} for c in CATEGORICAL}
    x = torch.tensor([[codes[c][r[c]] for c in CATEGORICAL] for r in rows], dtype=torch.float32)
    y = torch.tensor([1 if r["income"] == ">50K" else 0 for r in rows], dtype=torch.float32)
    return x, y
