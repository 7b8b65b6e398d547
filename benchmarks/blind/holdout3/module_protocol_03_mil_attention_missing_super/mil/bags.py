import torch
from torch.utils.data import Dataset


class SyntheticBags(Dataset):
    """A bag is positive iff it contains at least one 'key' instance."""

    def __init__(self, n_bags, in_dim=20, min_size=5, max_size=30, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.key = torch.randn(in_dim, generator=g)
        self.bags, self.labels = [], []
        for _ in range(n_bags):
            size = int(torch.randint(min_size, max_size + 1, (1,), generator=g))
            inst = torch.randn(size, in_dim, generator=g)
            label = float(torch.rand(1, generator=g) < 0.5)
            if label:
                k = int(torch.randint(1, 4, (1,), generator=g))
                idx = torch.randperm(size, generator=g)[:k]
                inst[idx] += 2.0 * self.key
            self.bags.append(inst)
            self.labels.append(label)

    def __len__(self):
        return len(self.bags)

    def __getitem__(self, i):
        return self.bags[i], torch.tensor(self.labels[i])


def collate_bags(batch):
    bags, labels = zip(*batch)
    longest = max(b.size(0) for b in bags)
    x = torch.zeros(len(bags), longest, bags[0].size(1))
    mask = torch.zeros(len(bags), longest, dtype=torch.bool)
    for i, b in enumerate(bags):
        x[i, : b.size(0)] = b
        mask[i, : b.size(0)] = True
    return x, mask, torch.stack(labels)
