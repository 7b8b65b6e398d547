import torch
from torch.utils.data import Dataset


class FingerprintDataset(Dataset):
    """Random Morgan-like bit vectors; logS is a sparse linear function of substructure bits."""

    def __init__(self, n_mols, n_bits, seed):
        g = torch.Generator().manual_seed(seed)
        self.x = (torch.rand(n_mols, n_bits, generator=g) < 0.08).float()
        w = torch.randn(n_bits, generator=g) * (torch.rand(n_bits, generator=g) < 0.15)
        self.y = self.x @ w - 2.0 + 0.1 * torch.randn(n_mols, generator=g)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
