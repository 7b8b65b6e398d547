import torch
from torch.utils.data import DataLoader, TensorDataset


def unlabeled_and_labeled(n_unlabeled=2000, n_labeled=240, n_val=200, dim=20, seed=0):
    g = torch.Generator().manual_seed(seed)
    mixing = torch.randn(4, dim, generator=g)
    def sample(n):
        z = torch.randn(n, 4, generator=g)
        x = torch.tanh(z @ mixing) + 0.1 * torch.randn(n, dim, generator=g)
        y = (z[:, 0] > 0.5).long() + (z[:, 1] > 0.0).long()
        return x, y
    xu, _ = sample(n_unlabeled)
    xl, yl = sample(n_labeled)
    xv, yv = sample(n_val)
    return xu, DataLoader(TensorDataset(xl, yl), batch_size=32, shuffle=True), (xv, yv)
