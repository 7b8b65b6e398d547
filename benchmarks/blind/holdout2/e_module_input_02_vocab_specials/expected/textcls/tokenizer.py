import re
from collections import Counter

SPECIALS = ["<pad>", "<unk>"]


class WordTokenizer:
    """Whitespace/punctuation tokenizer with a frequency-cut vocabulary."""

    def __init__(self, min_freq: int = 1):
        self.min_freq = min_freq
        self.words: list[str] = []
        self.stoi: dict[str, int] = {}

    @staticmethod
    def split(text: str) -> list[str]:
        return re.findall(r"[a-z']+", text.lower())

    def fit(self, texts):
        counts = Counter(w for t in texts for w in self.split(t))
        self.words = sorted(w for w, c in counts.items() if c >= self.min_freq)
        # specials take the first ids
        self.stoi = {tok: i for i, tok in enumerate(SPECIALS)}
        for w in self.words:
            self.stoi[w] = len(self.stoi)
        return self

    @property
    def pad_id(self) -> int:
        return self.stoi["<pad>"]

    @property
    def vocab_size(self) -> int:
        return len(self.stoi)

    def encode(self, text: str, max_len: int = 32) -> list[int]:
        unk = self.stoi["<unk>"]
        return [self.stoi.get(w, unk) for w in self.split(text)][:max_len]
