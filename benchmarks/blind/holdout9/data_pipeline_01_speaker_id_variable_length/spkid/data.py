import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import Dataset, DataLoader


class UtteranceFeatures(Dataset):
    """Precomputed 30-dim filterbank features per utterance; utterances differ in duration."""

    def __init__(self, n_speakers=12, utts_per_speaker=30, feat_dim=30, min_frames=40, max_frames=160, seed=0):
        g = torch.Generator().manual_seed(seed)
        voices = torch.randn(n_speakers, feat_dim, generator=g)
        self.items = []
        for spk in range(n_speakers):
            for _ in range(utts_per_speaker):
                n = int(torch.randint(min_frames, max_frames + 1, (1,), generator=g))
                feats = voices[spk] + 0.9 * torch.randn(n, feat_dim, generator=g)
                self.items.append((feats, spk))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        feats, spk = self.items[i]
        return feats, len(feats), spk


def pad_batch(batch):
    feats, lengths, speakers = zip(*batch)
    return (pad_sequence(feats, batch_first=True),
            torch.tensor(lengths),
            torch.tensor(speakers))


def build_loaders(dataset, batch_size, val_fraction=0.2, seed=0):
    n_val = int(len(dataset) * val_fraction)
    train_set, val_set = torch.utils.data.random_split(
        dataset, [len(dataset) - n_val, n_val], generator=torch.Generator().manual_seed(seed))
    train_loader = DataLoader(train_set, batch_size=batch_size, shuffle=True, drop_last=True)
    val_loader = DataLoader(val_set, batch_size=batch_size, collate_fn=pad_batch)
    return train_loader, val_loader
