import numpy as np
import torch


def make_sales_frame(n_stores=40, n_weeks=60, lags=8, seed=3):
    """Weekly unit sales per store; features are the last `lags` weeks, target is next week's sales."""
    rng = np.random.default_rng(seed)
    base = rng.uniform(50, 400, (n_stores, 1))
    season = 1 + 0.3 * np.sin(2 * np.pi * np.arange(n_weeks) / 13.0)
    promo = (rng.random((n_stores, n_weeks)) < 0.15) * 0.4
    sales = base * (season + promo) * rng.lognormal(0, 0.08, (n_stores, n_weeks))
    X, y = [], []
    for s in range(n_stores):
        for w in range(lags, n_weeks):
            X.append(np.append(sales[s, w - lags:w] / base[s], promo[s, w]))
            y.append(sales[s, w] / base[s, 0])
    return torch.tensor(np.array(X), dtype=torch.float32), torch.tensor(np.array(y), dtype=torch.float32)
