import re
import zlib

import torch

TOKEN = re.compile(r"[a-z0-9$!]+")


class HashingVectorizer:
    def __init__(self, n_buckets=512, ngram=(1, 2)):
        self.n_buckets = n_buckets
        self.ngram = ngram

    def _grams(self, text):
        toks = TOKEN.findall(text.lower())
        lo, hi = self.ngram
        for n in range(lo, hi + 1):
            for i in range(len(toks) - n + 1):
                yield " ".join(toks[i:i + n])

    def __call__(self, text):
        counts = [0] * self.n_buckets
        for g in self._grams(text):
            counts[zlib.crc32(g.encode()) % self.n_buckets] += 1
        return torch.tensor(counts)
