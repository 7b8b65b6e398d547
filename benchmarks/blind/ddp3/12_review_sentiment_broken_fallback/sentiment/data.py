import torch
from torch.utils.data import Dataset

POS = list(range(1, 40))
NEG = list(range(40, 80))
NEUTRAL = list(range(80, 400))


class Reviews(Dataset):
    def __init__(self, n=1200, max_len=30, seed=2):
        g = torch.Generator().manual_seed(seed)
        self.samples = []
        for _ in range(n):
            stars = int(torch.randint(1, 6, (1,), generator=g))
            L = int(torch.randint(8, max_len, (1,), generator=g))
            n_sent = stars - 3
            words = torch.tensor(NEUTRAL)[torch.randint(0, len(NEUTRAL), (L,), generator=g)]
            k = min(abs(n_sent) * 2, L)
            pool = torch.tensor(POS if n_sent > 0 else NEG)
            if k:
                words[:k] = pool[torch.randint(0, len(pool), (k,), generator=g)]
            self.samples.append((words, float(stars)))

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, i):
        return self.samples[i]


def collate(batch):
    words = [w for w, _ in batch]
    offsets = torch.tensor([0] + [len(w) for w in words[:-1]]).cumsum(0)
    return torch.cat(words), offsets, torch.tensor([s for _, s in batch])
