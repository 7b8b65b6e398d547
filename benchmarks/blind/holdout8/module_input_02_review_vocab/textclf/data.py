from __future__ import annotations

import random

import torch
from torch.utils.data import Dataset

from .config import DataConfig
from .vocab import Vocab


def synthetic_reviews(n: int, cfg: DataConfig, rng: random.Random) -> list[tuple[list[str], int]]:
    words = [f"w{i}" for i in range(cfg.corpus_words)]
    positive = words[: cfg.corpus_words // 2]
    negative = words[cfg.corpus_words // 2:]
    out = []
    for _ in range(n):
        label = rng.randint(0, 1)
        pool = positive if label == 1 else negative
        toks = [rng.choice(pool) if rng.random() < 0.7 else rng.choice(words)
                for _ in range(rng.randint(10, cfg.seq_len))]
        out.append((toks, label))
    return out


class ReviewDataset(Dataset):
    def __init__(self, samples: list[tuple[list[str], int]], vocab: Vocab, seq_len: int) -> None:
        self.samples = samples
        self.vocab = vocab
        self.seq_len = seq_len

    def __len__(self) -> int:
        return len(self.samples)

    def __getitem__(self, idx: int) -> tuple[torch.Tensor, torch.Tensor]:
        toks, label = self.samples[idx]
        ids = self.vocab.encode(toks)[: self.seq_len]
        ids = ids + [self.vocab.pad_index] * (self.seq_len - len(ids))
        return torch.tensor(ids, dtype=torch.long), torch.tensor(label, dtype=torch.long)
