import torch


def build_feature_cache(n, dim, n_classes, seed, chunk=16384):
    """Stand-in for frozen-backbone features dumped to RAM once, so the probe never re-runs the backbone.

    Kept fully in memory on purpose: the probe sweeps over it many times and random access must be cheap.
    """
    centers = torch.randn(n_classes, dim, generator=torch.Generator().manual_seed(1234))  # same classes for every split
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, n_classes, (n,), generator=g)
    feats = torch.empty(n, dim)
    for s in range(0, n, chunk):
        torch.randn(min(chunk, n - s), dim, generator=g, out=feats[s:s + chunk])
        feats[s:s + chunk].mul_(8.0).add_(centers[y[s:s + chunk]])
    return feats, y
