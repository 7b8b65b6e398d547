import torch
from torch.utils.data import Dataset

POS = [3, 5, 8, 13, 21]
NEG = [4, 6, 9, 14, 22]


class Reviews(Dataset):
    def __init__(self, n=600, vocab=120, length=20, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.randint(0, 2, (n,), generator=g)
        self.x = torch.randint(30, vocab, (n, length), generator=g)
        cues = torch.tensor([NEG, POS])[self.y]                  # n, 5
        pos = torch.randint(0, length, (n, 3), generator=g)
        pick = torch.randint(0, 5, (n, 3), generator=g)
        self.x.scatter_(1, pos, cues.gather(1, pick))

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return i, self.x[i], self.y[i]
