import torch
from torch.utils.data import Dataset


class FbankKeywordSet(Dataset):
    """Synthetic 40-dim fbank utterances; each keyword leaves a band of energy in the middle frames."""

    def __init__(self, n, num_keywords, num_mel_bins, num_frames, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, num_keywords, (n,), generator=g)
        feats = torch.randn(n, num_frames, num_mel_bins, generator=g)
        band = num_mel_bins // num_keywords
        for i, k in enumerate(self.labels.tolist()):
            if k > 0:
                s = int(torch.randint(5, num_frames - 25, (1,), generator=g))
                feats[i, s:s + 20, k * band:(k + 1) * band] += 1.5
        self.feats = feats
        self.keys = [f"utt{i:05d}" for i in range(n)]

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.keys[i], self.feats[i], self.labels[i], self.feats.size(1)


def collate(batch):
    keys, feats, labels, lens = zip(*batch)
    return list(keys), torch.stack(feats), torch.stack(labels), torch.tensor(lens)
