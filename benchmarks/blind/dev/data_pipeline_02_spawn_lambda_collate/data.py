import torch
from torch.utils.data import DataLoader, Dataset


class TokenizedDataset(Dataset):
    """Pre-tokenised toy 'documents' of variable length with a binary label."""

    def __init__(self, n=256, vocab=500, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.samples = []
        for _ in range(n):
            length = int(torch.randint(5, 40, (1,), generator=g))
            ids = torch.randint(1, vocab, (length,), generator=g)
            label = int(ids.float().mean() > vocab / 2)
            self.samples.append((ids, label))

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, idx):
        return self.samples[idx]


def collate_with_mask(batch, max_len):
    ids = torch.zeros(len(batch), max_len, dtype=torch.long)
    mask = torch.zeros(len(batch), max_len, dtype=torch.bool)
    for i, (seq, _) in enumerate(batch):
        seq = seq[:max_len]
        ids[i, : len(seq)] = seq
        mask[i, : len(seq)] = True
    labels = torch.tensor([y for _, y in batch], dtype=torch.float32)
    return ids, mask, labels


def make_loader(dataset, batch_size, max_len, shuffle, num_workers=2):
    # "spawn" is what macOS/Windows use anyway; use it everywhere so behaviour matches
    return DataLoader(
        dataset,
        batch_size=batch_size,
        shuffle=shuffle,
        num_workers=num_workers,
        multiprocessing_context="spawn" if num_workers > 0 else None,
        persistent_workers=num_workers > 0,
        collate_fn=lambda batch: collate_with_mask(batch, max_len),
    )
