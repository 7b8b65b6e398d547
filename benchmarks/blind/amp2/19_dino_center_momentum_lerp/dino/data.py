import torch
from torch.utils.data import DataLoader, Dataset


class TwoGlobalViews(Dataset):
    def __init__(self, n=2048, dim=32, n_proto=12, seed=0):
        g = torch.Generator().manual_seed(seed)
        protos = torch.randn(n_proto, dim, generator=g) * 2
        self.x = protos[torch.randint(0, n_proto, (n,), generator=g)] + torch.randn(n, dim, generator=g)

    def __len__(self):
        return len(self.x)

    def view(self, v):
        return v * (torch.rand_like(v) > 0.2) + 0.2 * torch.randn_like(v)

    def __getitem__(self, i):
        return self.view(self.x[i]), self.view(self.x[i])


def make_loader(bs):
    return DataLoader(TwoGlobalViews(), batch_size=bs, shuffle=True, drop_last=True)
