import torch


def make_churn(n, seed):
    g = torch.Generator().manual_seed(seed)
    tenure = torch.rand(n, generator=g) * 72
    monthly = 20 + torch.rand(n, generator=g) * 100
    tickets = torch.poisson(torch.full((n,), 1.5), generator=g)
    contract = torch.randint(0, 3, (n,), generator=g).float()
    senior = (torch.rand(n, generator=g) < 0.16).float()
    X = torch.stack([tenure / 72, monthly / 120, tickets / 5, contract / 2, senior], 1)
    logit = 1.5 - 3.0 * X[:, 0] + 1.8 * X[:, 1] + 2.0 * X[:, 2] - 1.6 * X[:, 3] + 0.4 * X[:, 4]
    y = (torch.rand(n, generator=g) < torch.sigmoid(2 * logit)).float()
    return X, y
