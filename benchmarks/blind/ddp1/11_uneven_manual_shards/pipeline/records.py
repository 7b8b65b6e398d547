import torch


def generate_records(n, n_fields=6, cardinality=50, seed=7):
    """Fake click log: categorical fields + click label."""
    g = torch.Generator().manual_seed(seed)
    feats = torch.randint(0, cardinality, (n, n_fields), generator=g)
    w = torch.randn(n_fields, cardinality, generator=g)
    logit = w.gather(1, feats.t()).sum(0) * 0.5
    clicks = (torch.rand(n, generator=g) < torch.sigmoid(logit)).float()
    return feats, clicks
