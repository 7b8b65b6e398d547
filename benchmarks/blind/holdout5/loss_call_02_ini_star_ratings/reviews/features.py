import zlib

import torch
from torch.utils.data import Dataset


def hashed_ngrams(text, dim, ngram_max=2):
    toks = text.lower().split()
    vec = torch.zeros(dim)
    for n in range(1, ngram_max + 1):
        for i in range(len(toks) - n + 1):
            gram = " ".join(toks[i:i + n])
            h = zlib.crc32(gram.encode())
            vec[h % dim] += 1.0 if (h >> 31) & 1 == 0 else -1.0
    return vec / (vec.norm() + 1e-6)


class ReviewDataset(Dataset):
    def __init__(self, rows, dim, ngram_max=2):
        self.x = torch.stack([hashed_ngrams(t, dim, ngram_max) for t, _ in rows])
        self.y = torch.tensor([stars for _, stars in rows], dtype=torch.long)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
