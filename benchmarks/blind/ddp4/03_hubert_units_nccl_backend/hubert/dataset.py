import torch
from torch.utils.data import Dataset


class UnitsDataset(Dataset):
    """Fake (mel, unit) pairs: each unit id has its own spectral template plus noise."""

    def __init__(self, n_utts=128, frames=40, n_mels=40, n_units=50, seed=1234):
        g = torch.Generator().manual_seed(seed)
        templates = torch.randn(n_units, n_mels, generator=g)
        self.units = torch.randint(0, n_units, (n_utts, frames), generator=g)
        self.mels = templates[self.units].transpose(1, 2) + 0.3 * torch.randn(n_utts, n_mels, frames, generator=g)

    def __len__(self):
        return len(self.units)

    def __getitem__(self, i):
        return self.mels[i], self.units[i]


def random_mask(batch, frames, p=0.3, span=4):
    mask = torch.zeros(batch, frames, dtype=torch.bool)
    starts = torch.rand(batch, frames) < (p / span)
    for s in range(span):
        mask[:, s:] |= starts[:, : frames - s]
    return mask
