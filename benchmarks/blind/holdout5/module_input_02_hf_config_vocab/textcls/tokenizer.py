import json
import re
from collections import Counter

SPECIAL_TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"]
_WORD_RE = re.compile(r"[a-z0-9']+")


def basic_tokenize(text):
    return _WORD_RE.findall(text.lower())


class WordPieceLite:
    """Whitespace/word-level tokenizer with a frequency-capped vocabulary."""

    def __init__(self, vocab):
        self.itos = list(vocab)
        self.stoi = {w: i for i, w in enumerate(self.itos)}
        self.pad_id = self.stoi["[PAD]"]
        self.unk_id = self.stoi["[UNK]"]
        self.cls_id = self.stoi["[CLS]"]
        self.sep_id = self.stoi["[SEP]"]

    @classmethod
    def train(cls, texts, vocab_size, min_freq=1):
        counts = Counter()
        for t in texts:
            counts.update(basic_tokenize(t))
        words = [w for w, c in counts.most_common(vocab_size) if c >= min_freq]
        return cls(SPECIAL_TOKENS + words)

    def __len__(self):
        return len(self.itos)

    def encode(self, text, max_length):
        ids = [self.cls_id] + [self.stoi.get(w, self.unk_id) for w in basic_tokenize(text)]
        ids = ids[: max_length - 1] + [self.sep_id]
        attn = [1] * len(ids)
        pad = max_length - len(ids)
        return ids + [self.pad_id] * pad, attn + [0] * pad

    def save(self, path):
        with open(path, "w") as f:
            json.dump({"vocab": self.itos}, f)

    @classmethod
    def load(cls, path):
        with open(path) as f:
            return cls(json.load(f)["vocab"])
