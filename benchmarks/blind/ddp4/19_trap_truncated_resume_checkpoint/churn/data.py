import torch
from torch.utils.data import TensorDataset


def make_customers(n=2000, seed=31):
    g = torch.Generator().manual_seed(seed)
    tenure = torch.rand(n, 1, generator=g) * 72
    monthly = 20 + torch.rand(n, 1, generator=g) * 100
    tickets = torch.poisson(torch.full((n, 1), 1.5), generator=g)
    contract = torch.randint(0, 3, (n, 1), generator=g).float()
    x = torch.cat([tenure / 72, monthly / 120, tickets / 5, contract / 2, torch.randn(n, 4, generator=g)], 1)
    logit = -1.5 * x[:, 0] + 1.2 * x[:, 1] + 0.9 * x[:, 2] - 1.0 * x[:, 3] + 0.2
    y = (torch.rand(n, generator=g) < torch.sigmoid(3 * logit)).float()
    return TensorDataset(x, y)
