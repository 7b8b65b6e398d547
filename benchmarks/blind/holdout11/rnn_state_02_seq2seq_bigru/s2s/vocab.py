PAD, SOS, EOS = 0, 1, 2
SPECIALS = ["<pad>", "<sos>", "<eos>"]


class CharVocab:
    def __init__(self, symbols):
        self.itos = SPECIALS + list(symbols)
        self.stoi = {s: i for i, s in enumerate(self.itos)}

    def __len__(self):
        return len(self.itos)

    def encode(self, s, add_eos=True):
        ids = [self.stoi[c] for c in s]
        return ids + [EOS] if add_eos else ids

    def decode(self, ids):
        out = []
        for i in ids:
            if i == EOS:
                break
            if i >= len(SPECIALS):
                out.append(self.itos[i])
        return "".join(out)
