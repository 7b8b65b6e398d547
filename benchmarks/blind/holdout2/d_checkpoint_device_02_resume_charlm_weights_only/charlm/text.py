import torch
from torch.utils.data import Dataset

TEXT = """
the quick brown fox jumps over the lazy dog. a journey of a thousand miles begins with a single step.
all that glitters is not gold. to be or not to be, that is the question. the early bird catches the worm.
knowledge is power. practice makes perfect. where there is a will there is a way. time flies like an arrow.
fortune favours the bold. actions speak louder than words. better late than never. every cloud has a silver lining.
""".strip().replace("\n", " ")

CHARS = sorted(set(TEXT))
STOI = {c: i for i, c in enumerate(CHARS)}


class CharWindows(Dataset):
    def __init__(self, seq_len, n_samples, seed=0):
        self.data = torch.tensor([STOI[c] for c in TEXT], dtype=torch.long)
        g = torch.Generator().manual_seed(seed)
        self.starts = torch.randint(0, len(self.data) - seq_len - 1, (n_samples,), generator=g)
        self.seq_len = seq_len

    def __len__(self):
        return len(self.starts)

    def __getitem__(self, i):
        s = int(self.starts[i])
        chunk = self.data[s: s + self.seq_len + 1]
        return chunk[:-1], chunk[1:]
