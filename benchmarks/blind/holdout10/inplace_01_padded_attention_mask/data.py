import random

import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import Dataset

PAD = 0


class MotifDataset(Dataset):
    """Variable-length token sequences; label = which of K motifs was planted."""

    def __init__(self, n, vocab_size=50, num_classes=3, min_len=8, max_len=32, seed=0):
        rnd = random.Random(seed)
        self.motifs = [[rnd.randrange(1, vocab_size) for _ in range(3)] for _ in range(num_classes)]
        self.samples = []
        for _ in range(n):
            length = rnd.randint(min_len, max_len)
            seq = [rnd.randrange(1, vocab_size) for _ in range(length)]
            label = rnd.randrange(num_classes)
            pos = rnd.randrange(0, length - 3)
            seq[pos:pos + 3] = self.motifs[label]
            self.samples.append((seq, label))

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, i):
        seq, label = self.samples[i]
        return torch.tensor(seq, dtype=torch.long), label


def collate(batch):
    seqs, labels = zip(*batch)
    return pad_sequence(seqs, batch_first=True, padding_value=PAD), torch.tensor(labels)
