"""Synthetic corpus: tokens drawn from a sparse random Markov chain."""
import numpy as np
import torch


class MarkovCorpus:
    def __init__(self, vocab_size=200, n_train=40000, n_valid=4000, seed=0):
        rng = np.random.default_rng(seed)
        self.vocab_size = vocab_size
        trans = rng.random((vocab_size, vocab_size)) ** 8
        trans /= trans.sum(1, keepdims=True)
        self._cdf = np.cumsum(trans, 1)
        self.train = self._sample(rng, n_train)
        self.valid = self._sample(rng, n_valid)

    def _sample(self, rng, n):
        out = np.empty(n, dtype=np.int64)
        tok = 0
        u = rng.random(n)
        for i in range(n):
            tok = int(np.searchsorted(self._cdf[tok], u[i]))
            tok = min(tok, self.vocab_size - 1)
            out[i] = tok
        return torch.from_numpy(out)


def batchify(data, bsz):
    nbatch = data.size(0) // bsz
    data = data.narrow(0, 0, nbatch * bsz)
    return data.view(bsz, -1).t().contiguous()


def get_batch(source, i, bptt):
    seq_len = min(bptt, len(source) - 1 - i)
    data = source[i:i + seq_len]
    target = source[i + 1:i + 1 + seq_len].reshape(-1)
    return data, target
