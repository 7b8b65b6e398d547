import torch
from torch.utils.data import Dataset

TEXT = """the quick brown fox jumps over the lazy dog.
a stitch in time saves nine.
all that glitters is not gold.
the early bird catches the worm.
where there is smoke there is fire.
actions speak louder than words.
better late than never, but never late is better.
curiosity killed the cat, satisfaction brought it back.
"""


class CharDataset(Dataset):
    def __init__(self, text=TEXT * 6, block_size=32):
        chars = sorted(set(text))
        self.stoi = {c: i for i, c in enumerate(chars)}
        self.itos = {i: c for c, i in self.stoi.items()}
        self.data = torch.tensor([self.stoi[c] for c in text], dtype=torch.long)
        self.block_size = block_size

    @property
    def vocab_size(self):
        return len(self.stoi)

    def __len__(self):
        return (len(self.data) - 1) // self.block_size

    def __getitem__(self, i):
        start = i * self.block_size
        chunk = self.data[start:start + self.block_size + 1]
        return chunk[:-1], chunk[1:]
