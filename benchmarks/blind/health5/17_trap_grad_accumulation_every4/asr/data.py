import torch
from torch.utils.data import Dataset


class DigitUtterances(Dataset):
    """Synthetic spoken-digit strings: each digit is a 4-frame burst on its own mel band."""

    def __init__(self, n=256, n_mels=20, max_digits=4, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.items = []
        for _ in range(n):
            k = int(torch.randint(1, max_digits + 1, (1,), generator=g))
            digits = torch.randint(1, 11, (k,), generator=g)
            T = 6 * k + 4
            x = 0.3 * torch.randn(T, n_mels, generator=g)
            for j, d in enumerate(digits.tolist()):
                x[2 + 6 * j: 6 + 6 * j, d * 2 - 2: d * 2] += 2.0
            self.items.append((x, digits))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def collate(batch):
    xs, ys = zip(*batch)
    T = max(x.size(0) for x in xs)
    feats = torch.zeros(len(xs), T, xs[0].size(1))
    for i, x in enumerate(xs):
        feats[i, :x.size(0)] = x
    return (feats, torch.tensor([x.size(0) for x in xs]),
            torch.cat(ys), torch.tensor([y.numel() for y in ys]))
