import torch
from torch.utils.data import DataLoader, TensorDataset

VOCAB = 200
SEQ_LEN = 24
CLASSES = 3


def _make(n, g):
    # class c sequences over-sample a class-specific band of the vocabulary
    y = torch.randint(0, CLASSES, (n,), generator=g)
    base = torch.randint(1, VOCAB, (n, SEQ_LEN), generator=g)
    band = 1 + y.unsqueeze(1) * 60 + torch.randint(0, 60, (n, SEQ_LEN), generator=g)
    use_band = torch.rand(n, SEQ_LEN, generator=g) < 0.4
    x = torch.where(use_band, band, base)
    x[:, 0] = 0  # [CLS]
    return x, y


def make_splits(batch_size, n_train=384, n_val=96, seed=0):
    g = torch.Generator().manual_seed(seed)
    xtr, ytr = _make(n_train, g)
    xva, yva = _make(n_val, g)
    return (DataLoader(TensorDataset(xtr, ytr), batch_size=batch_size, shuffle=True),
            DataLoader(TensorDataset(xva, yva), batch_size=batch_size), VOCAB, CLASSES)
