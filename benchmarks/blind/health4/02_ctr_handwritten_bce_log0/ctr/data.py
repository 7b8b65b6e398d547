import numpy as np
import torch


def make_click_log(n_rows, n_ads, seed=0):
    """Synthetic ad click log.

    dense columns: [impressions_7d, clicks_7d, price, hour, dwell_seconds]
    (raw counts, as exported from the warehouse)
    """
    rng = np.random.RandomState(seed)
    ad = rng.randint(n_ads, size=n_rows)
    ad_quality = rng.randn(n_ads)
    impressions = rng.poisson(300, size=n_rows).astype(np.float32)
    ctr_hist = 1 / (1 + np.exp(-(ad_quality[ad] - 2)))
    clicks = rng.binomial(impressions.astype(int), ctr_hist).astype(np.float32)
    price = rng.gamma(2.0, 20.0, size=n_rows).astype(np.float32)
    hour = rng.randint(24, size=n_rows).astype(np.float32)
    dwell = rng.exponential(40.0, size=n_rows).astype(np.float32)
    logit = 1.5 * ad_quality[ad] + 30 * (clicks / impressions.clip(1) - 0.12) - 0.01 * (price - 40) + 0.02 * (dwell - 40)
    y = (rng.rand(n_rows) < 1 / (1 + np.exp(-logit))).astype(np.float32)
    dense = np.stack([impressions, clicks, price, hour, dwell], 1)
    return {"ad": torch.from_numpy(ad).long(), "dense": torch.from_numpy(dense), "y": torch.from_numpy(y)}


def batches(data, batch_size, generator=None):
    n = len(data["y"])
    perm = torch.randperm(n, generator=generator)
    for i in range(0, n, batch_size):
        idx = perm[i:i + batch_size]
        yield data["ad"][idx], data["dense"][idx], data["y"][idx]
