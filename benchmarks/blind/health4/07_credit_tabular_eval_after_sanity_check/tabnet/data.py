import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

COLUMNS = ["age", "income", "loan_amount", "months_employed", "n_open_lines", "debt_ratio_pct", "credit_score"]


def load_credit_frames(batch_size=128, n=8000, seed=5):
    """Synthetic loan-default table.  Raw units; the network's input BatchNorm does the scaling."""
    rng = np.random.RandomState(seed)
    age = rng.uniform(21, 70, n)
    income = rng.lognormal(10.8, 0.5, n)
    loan = rng.lognormal(9.5, 0.8, n)
    months = rng.exponential(60, n)
    lines = rng.poisson(4, n)
    debt = rng.uniform(0, 80, n)
    score = rng.normal(680, 60, n)
    z = (-(score - 680) / 40 + (loan / income) * 3 + (debt - 40) / 15 - months / 120 - 1.0)
    y = (rng.rand(n) < 1 / (1 + np.exp(-2 * z))).astype(np.int64)
    X = np.stack([age, income, loan, months, lines, debt, score], 1).astype(np.float32)
    X, y = torch.from_numpy(X), torch.from_numpy(y)
    cut = int(0.8 * n)
    train = DataLoader(TensorDataset(X[:cut], y[:cut]), batch_size=batch_size, shuffle=True)
    val = DataLoader(TensorDataset(X[cut:], y[cut:]), batch_size=512)
    return train, val, X.shape[1]
