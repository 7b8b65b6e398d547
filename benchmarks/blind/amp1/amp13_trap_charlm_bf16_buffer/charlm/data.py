import torch

TEXT = (
    "the quick brown fox jumps over the lazy dog. "
    "pack my box with five dozen liquor jugs. "
    "how vexingly quick daft zebras jump! "
    "sphinx of black quartz, judge my vow. "
) * 20


class CharCorpus:
    def __init__(self, block_size, seed=0):
        chars = sorted(set(TEXT))
        self.stoi = {c: i for i, c in enumerate(chars)}
        self.itos = chars
        self.data = torch.tensor([self.stoi[c] for c in TEXT], dtype=torch.long)
        split = int(0.9 * len(self.data))
        self.train, self.val = self.data[:split], self.data[split:]
        self.block_size = block_size
        self.g = torch.Generator().manual_seed(seed)

    @property
    def vocab_size(self):
        return len(self.itos)

    def batch(self, batch_size, split="train"):
        src = self.train if split == "train" else self.val
        idx = torch.randint(0, len(src) - self.block_size - 1, (batch_size,), generator=self.g)
        x = torch.stack([src[i:i + self.block_size] for i in idx])
        y = torch.stack([src[i + 1:i + 1 + self.block_size] for i in idx])
        return x, y
