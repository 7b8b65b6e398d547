import torch
from torch.utils.data import TensorDataset

NUM_FEATURES = 16
NUM_CLASSES = 3


def make_tabular(n_unlabeled=768, n_labeled=192, n_val=128, seed=0):
    g = torch.Generator().manual_seed(seed)
    mix = torch.randn(4, NUM_FEATURES, generator=g)
    w = torch.randn(4, NUM_CLASSES, generator=g)

    def draw(n):
        z = torch.randn(n, 4, generator=g)
        x = z @ mix + 0.1 * torch.randn(n, NUM_FEATURES, generator=g)
        y = (z @ w).argmax(-1)
        return x, y

    xu, _ = draw(n_unlabeled)
    xl, yl = draw(n_labeled)
    xv, yv = draw(n_val)
    return TensorDataset(xu), TensorDataset(xl, yl), TensorDataset(xv, yv)
