from collections import Counter

import torch


class Vocab(object):
    def __init__(self, counter, specials, min_freq=1):
        self.itos = list(specials)
        for tok, c in sorted(counter.items(), key=lambda x: (-x[1], x[0])):
            if c >= min_freq and tok not in self.itos:
                self.itos.append(tok)
        self.stoi = {t: i for i, t in enumerate(self.itos)}

    def __len__(self):
        return len(self.itos)


class Field(object):
    """a very small stand-in for torchtext.data.Field"""

    def __init__(self, init_token="<sos>", eos_token="<eos>", lower=True):
        self.init_token = init_token
        self.eos_token = eos_token
        self.lower = lower
        self.vocab = None

    def tokenize(self, line):
        line = line.strip()
        return (line.lower() if self.lower else line).split()

    def build_vocab(self, examples, min_freq=1):
        counter = Counter(tok for ex in examples for tok in ex)
        self.vocab = Vocab(counter, ["<unk>", "<pad>", self.init_token, self.eos_token], min_freq)

    def numericalize(self, batch):
        """list of token lists -> LongTensor (max_len, batch) padded with <pad>"""
        unk, pad = self.vocab.stoi["<unk>"], self.vocab.stoi["<pad>"]
        seqs = [[self.init_token] + ex + [self.eos_token] for ex in batch]
        max_len = max(len(s) for s in seqs)
        out = torch.full((max_len, len(seqs)), pad, dtype=torch.long)
        for j, s in enumerate(seqs):
            out[:len(s), j] = torch.tensor([self.vocab.stoi.get(t, unk) for t in s])
        return out
