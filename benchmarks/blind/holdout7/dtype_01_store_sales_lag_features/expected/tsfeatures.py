import numpy as np

LAGS = (1, 2, 3, 7, 14)
ROLL_WINDOWS = (7, 14)


def load_sales_csv(path):
    raw = np.genfromtxt(path, delimiter=",", names=True)
    return raw


def _lag(x, k):
    out = np.full_like(x, np.nan)
    out[k:] = x[:-k]
    return out


def _rolling_mean(x, w):
    out = np.full_like(x, np.nan)
    c = np.cumsum(np.insert(x, 0, 0.0))
    out[w:] = (c[w:-1] - c[:-w - 1]) / w
    return out


def make_supervised(raw, n_stores):
    """Per store: lag / rolling features of log1p(sales) + calendar features; target = log1p(sales)."""
    feats, targets, days, stores = [], [], [], []
    for s in range(n_stores):
        rows = raw[raw["store"] == s]
        rows = rows[np.argsort(rows["day"])]
        y = np.log1p(rows["sales"])
        cols = [_lag(y, k) for k in LAGS]
        cols += [_rolling_mean(y, w) for w in ROLL_WINDOWS]
        dow = rows["day"] % 7
        cols += [np.sin(2 * np.pi * dow / 7), np.cos(2 * np.pi * dow / 7)]
        cols += [rows["promo"], rows["holiday"]]
        store_onehot = np.zeros((len(rows), n_stores))
        store_onehot[:, s] = 1.0
        X = np.column_stack(cols + [store_onehot])
        keep = ~np.isnan(X).any(axis=1)
        feats.append(X[keep])
        targets.append(y[keep])
        days.append(rows["day"][keep])
        stores.append(np.full(keep.sum(), s))
    return (np.concatenate(feats).astype(np.float32), np.concatenate(targets).astype(np.float32),
            np.concatenate(days).astype(np.int64), np.concatenate(stores))


def standardize(train_X, *others):
    mu = train_X.mean(axis=0)
    sd = train_X.std(axis=0)
    sd[sd == 0] = 1.0
    return [(a - mu) / sd for a in (train_X,) + others]
