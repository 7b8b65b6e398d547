import torch


def load_table(n=6000, seed=0):
    """Synthetic customer table: 3 categorical columns + 6 numeric columns -> churn label."""
    g = torch.Generator().manual_seed(seed)
    cards = [5, 12, 4]   # plan, region, payment method
    xc = torch.stack([torch.randint(0, c, (n,), generator=g) for c in cards], 1)
    xn = torch.randn(n, 6, generator=g)
    plan_risk = torch.tensor([0.8, 0.2, -0.3, -0.5, 0.1])
    logit = plan_risk[xc[:, 0]] + 0.6 * xn[:, 0] - 0.8 * xn[:, 1] + 0.4 * xn[:, 2] * xn[:, 3] + 0.3 * (xc[:, 2] == 1)
    y = (torch.rand(n, generator=g) < torch.sigmoid(2 * logit)).float()
    cut = int(0.8 * n)
    return (xc[:cut], xn[:cut], y[:cut]), (xc[cut:], xn[cut:], y[cut:]), cards
