import re
from collections import Counter

TOKEN_RE = re.compile(r"[a-z0-9']+|[.,!?;]")


class WordTokenizer:
    pad_token, unk_token, cls_token = "[PAD]", "[UNK]", "[CLS]"

    def __init__(self, min_freq=1):
        self.min_freq = min_freq
        self.itos = [self.pad_token, self.unk_token, self.cls_token]
        self.stoi = {t: i for i, t in enumerate(self.itos)}

    @property
    def pad_id(self):
        return self.stoi[self.pad_token]

    def tokenize(self, text):
        return TOKEN_RE.findall(text.lower())

    def fit(self, texts):
        counts = Counter(tok for t in texts for tok in self.tokenize(t))
        for tok, c in sorted(counts.items()):
            if c >= self.min_freq and tok not in self.stoi:
                self.stoi[tok] = len(self.itos)
                self.itos.append(tok)
        return self

    def encode(self, text):
        unk = self.stoi[self.unk_token]
        return [self.stoi[self.cls_token]] + [self.stoi.get(t, unk) for t in self.tokenize(text)]

    def __len__(self):
        return len(self.itos)
