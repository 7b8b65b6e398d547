import torch
from torch.utils.data import DataLoader, Dataset


class SyntheticKeywords(Dataset):
    """Log-mel-like spectrograms: each keyword is a class-specific formant track plus noise."""

    def __init__(self, n, num_classes, n_mels, frames, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, num_classes, (n,), generator=g)
        t = torch.linspace(0, 1, frames)
        mels = torch.arange(n_mels).float()[:, None]
        feats = []
        for y in self.labels.tolist():
            centre = 5 + (n_mels - 10) * (0.5 + 0.4 * torch.sin(2 * torch.pi * (y + 1) * t / 3))
            spec = torch.exp(-((mels - centre[None]) ** 2) / 8.0)
            feats.append(spec + 0.3 * torch.randn(n_mels, frames, generator=g))
        self.feats = torch.stack(feats)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.feats[i], self.labels[i]


def build_loader(cfg):
    d = cfg["data"]
    ds = SyntheticKeywords(d["num_train"], d["num_classes"], d["n_mels"], d["frames"])
    return DataLoader(ds, batch_size=cfg["train"]["batch_size"], shuffle=True, drop_last=True)
