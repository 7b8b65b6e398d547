import re
from collections import Counter

PAD, UNK = "<pad>", "<unk>"
_TOKEN_RE = re.compile(r"[a-z']+")


def basic_tokenize(text):
    return _TOKEN_RE.findall(text.lower())


class WordTokenizer:
    def __init__(self, min_freq=1, max_len=32):
        self.min_freq = min_freq
        self.max_len = max_len
        self.specials = [PAD, UNK]
        self.words = []
        self.stoi = {}

    def fit(self, texts):
        counts = Counter(tok for t in texts for tok in basic_tokenize(t))
        self.words = sorted(w for w, c in counts.items() if c >= self.min_freq)
        itos = self.specials + self.words
        self.stoi = {w: i for i, w in enumerate(itos)}
        return self

    @property
    def pad_id(self):
        return self.stoi[PAD]

    @property
    def vocab_size(self):
        return len(self.words)

    def encode(self, text):
        unk = self.stoi[UNK]
        ids = [self.stoi.get(tok, unk) for tok in basic_tokenize(text)][: self.max_len]
        return ids + [self.pad_id] * (self.max_len - len(ids))
