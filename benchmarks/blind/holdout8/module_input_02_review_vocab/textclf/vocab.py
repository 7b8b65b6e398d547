from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

PAD, UNK = "<pad>", "<unk>"


class Vocab:
    def __init__(self, itos: Sequence[str]) -> None:
        self.itos = list(itos)
        self.stoi = {tok: i for i, tok in enumerate(self.itos)}
        self.unk_index = self.stoi[UNK]
        self.pad_index = self.stoi[PAD]

    def __len__(self) -> int:
        return len(self.itos)

    def encode(self, tokens: Iterable[str]) -> list[int]:
        return [self.stoi.get(t, self.unk_index) for t in tokens]


def build_vocab(texts: Iterable[Sequence[str]], max_size: int, min_freq: int = 1) -> Vocab:
    counter: Counter[str] = Counter()
    for toks in texts:
        counter.update(toks)
    specials = [PAD, UNK]
    kept = [w for w, c in counter.most_common(max_size) if c >= min_freq]
    return Vocab(specials + kept)
