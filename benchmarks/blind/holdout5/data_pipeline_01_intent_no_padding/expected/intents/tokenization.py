import re
import unicodedata
from collections import Counter

PAD, UNK = "<pad>", "<unk>"


def normalize(text):
    text = unicodedata.normalize("NFKC", text).lower()
    text = re.sub(r"[^\w\s']", " ", text)
    return re.sub(r"\s+", " ", text).strip()


class CharNgramTokenizer:
    """Word tokens plus character trigrams of each word (fastText style subwords)."""

    def __init__(self, min_count=2, use_trigrams=True):
        self.min_count = min_count
        self.use_trigrams = use_trigrams
        self.vocab = {PAD: 0, UNK: 1}

    def pieces(self, text):
        out = []
        for w in normalize(text).split():
            out.append(w)
            if self.use_trigrams:
                padded = f"<{w}>"
                out.extend(padded[i:i + 3] for i in range(len(padded) - 2))
        return out

    def fit(self, texts):
        counts = Counter(p for t in texts for p in self.pieces(t))
        for piece, c in counts.most_common():
            if c >= self.min_count:
                self.vocab[piece] = len(self.vocab)
        return self

    @property
    def pad_id(self):
        return self.vocab[PAD]

    def __len__(self):
        return len(self.vocab)

    def encode(self, text, max_len):
        ids = [self.vocab.get(p, self.vocab[UNK]) for p in self.pieces(text)]
        ids = ids[:max_len]
        return ids + [self.pad_id] * (max_len - len(ids))
