TEXT = (
    "the quick brown fox jumps over the lazy dog. "
    "a stitch in time saves nine. "
    "all that glitters is not gold. "
    "the early bird catches the worm. "
    "actions speak louder than words. "
) * 20


class CharVocab:
    def __init__(self, text):
        self.chars = sorted(set(text))
        self.stoi = {c: i for i, c in enumerate(self.chars)}

    def encode(self, s):
        return [self.stoi[c] for c in s]

    def decode(self, ids):
        return "".join(self.chars[i] for i in ids)

    def __len__(self):
        return len(self.chars)
