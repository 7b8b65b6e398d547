import collections
import json


class WordTokenizer:
    pad_token, unk_token, cls_token = "[PAD]", "[UNK]", "[CLS]"

    def __init__(self, vocab):
        self.vocab = vocab
        self.pad_id = vocab[self.pad_token]
        self.unk_id = vocab[self.unk_token]
        self.cls_id = vocab[self.cls_token]

    @classmethod
    def train(cls, texts, min_freq=1, max_size=5000):
        counter = collections.Counter(w for t in texts for w in t.lower().split())
        vocab = {cls.pad_token: 0, cls.unk_token: 1, cls.cls_token: 2}
        for w, c in counter.most_common(max_size):
            if c >= min_freq:
                vocab[w] = len(vocab)
        return cls(vocab)

    def encode(self, text):
        return [self.cls_id] + [self.vocab.get(w, self.unk_id) for w in text.lower().split()]

    def save(self, path):
        with open(path, "w") as f:
            json.dump(self.vocab, f)

    def __len__(self):
        return len(self.vocab)
