import torch


def make_splits(n_train=4096, n_val=512, dim=16, seed=0):
    g = torch.Generator().manual_seed(seed)
    w = torch.randn(dim, 1, generator=g)

    def f(x):
        return torch.sin(x @ w) + 0.5 * (x[:, :1] * x[:, 1:2]) + 0.1 * x.pow(2).sum(1, keepdim=True)

    xtr = torch.randn(n_train, dim, generator=g)
    xva = torch.randn(n_val, dim, generator=g)
    return (xtr, f(xtr) + 0.05 * torch.randn(n_train, 1, generator=g)), (xva, f(xva))
