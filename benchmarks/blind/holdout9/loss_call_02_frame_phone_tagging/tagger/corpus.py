import torch
from torch.utils.data import Dataset

N_PHONES = 40
N_MELS = 24


class FbankFrames(Dataset):
    """Precomputed log-mel frames with a forced-alignment phone label per frame."""

    def __init__(self, n_utts=320, n_frames=100, seed=0):
        g = torch.Generator().manual_seed(seed)
        centroids = torch.randn(N_PHONES, N_MELS, generator=g) * 2
        self.feats, self.labels = [], []
        for _ in range(n_utts):
            seg_lens = torch.randint(4, 12, (n_frames,), generator=g)
            phones = torch.randint(0, N_PHONES, (n_frames,), generator=g)
            lab = torch.repeat_interleave(phones, seg_lens)[:n_frames]
            x = centroids[lab] + torch.randn(n_frames, N_MELS, generator=g)
            self.feats.append(x)
            self.labels.append(lab)

    def __len__(self):
        return len(self.feats)

    def __getitem__(self, i):
        return self.feats[i], self.labels[i]
