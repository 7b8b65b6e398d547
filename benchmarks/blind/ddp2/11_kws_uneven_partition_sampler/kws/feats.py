import torch
from torch.utils.data import Dataset


class FbankUtterances(Dataset):
    def __init__(self, n_utts=251, n_mels=20, n_classes=8, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.lengths = torch.randint(20, 60, (n_utts,), generator=g).tolist()
        self.labels = torch.randint(0, n_classes, (n_utts,), generator=g).tolist()
        protos = torch.randn(n_classes, n_mels, generator=g)
        self.feats = [protos[c] + 0.8 * torch.randn(L, n_mels, generator=g)
                      for L, c in zip(self.lengths, self.labels)]

    def __len__(self):
        return len(self.feats)

    def __getitem__(self, i):
        return self.feats[i], self.labels[i]


def pad_collate(batch):
    feats, labels = zip(*batch)
    lens = torch.tensor([f.size(0) for f in feats])
    x = torch.nn.utils.rnn.pad_sequence(feats, batch_first=True)
    return x, lens, torch.tensor(labels)
