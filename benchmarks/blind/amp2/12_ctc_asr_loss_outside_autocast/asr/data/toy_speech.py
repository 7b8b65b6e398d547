import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import Dataset


class ToySpeech(Dataset):
    """Each symbol is rendered as a few noisy frames of its own feature template."""

    def __init__(self, n, vocab=12, feat_dim=20, frames_per_symbol=6, seed=0):
        g = torch.Generator().manual_seed(seed)
        templates = torch.randn(vocab, feat_dim, generator=g)
        self.items = []
        for _ in range(n):
            L = int(torch.randint(3, 9, (1,), generator=g))
            labels = torch.randint(1, vocab, (L,), generator=g)
            frames = []
            for s in labels.tolist():
                k = frames_per_symbol + int(torch.randint(-2, 3, (1,), generator=g))
                frames.append(templates[s].expand(k, -1) + 0.5 * torch.randn(k, feat_dim, generator=g))
                frames.append(0.3 * torch.randn(2, feat_dim, generator=g))   # short pause
            self.items.append((torch.cat(frames), labels))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def collate(batch):
    feats, labels = zip(*batch)
    feat_lens = torch.tensor([len(f) for f in feats])
    label_lens = torch.tensor([len(l) for l in labels])
    return pad_sequence(feats, batch_first=True), feat_lens, torch.cat(labels), label_lens
