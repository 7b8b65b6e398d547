import numpy as np
import torch
from torch.utils.data import Dataset

PAD_LABEL = -100
INTENTS = ["play_music", "get_weather", "book_table", "set_alarm"]
SLOTS = ["O", "B-artist", "B-city", "B-time", "B-party_size"]
VOCAB_SIZE = 80


class JointNLUDataset(Dataset):
    """Synthetic utterances of variable length with an intent label and one slot tag per token."""

    def __init__(self, n, max_len=12, seed=0):
        rng = np.random.default_rng(seed)
        self.examples = []
        for _ in range(n):
            intent = int(rng.choice(len(INTENTS), p=[0.45, 0.3, 0.15, 0.1]))
            length = int(rng.integers(5, max_len + 1))
            tokens = rng.integers(4 + 16 * intent, 4 + 16 * (intent + 1), size=length)
            slots = np.zeros(length, dtype=np.int64)
            k = int(rng.integers(0, length))
            slots[k] = 1 + intent
            tokens[k] = 70 + intent * 2 + int(rng.integers(0, 2))
            self.examples.append((tokens.astype(np.int64), intent, slots))

    def __len__(self):
        return len(self.examples)

    def __getitem__(self, i):
        return self.examples[i]


def collate(batch):
    max_len = max(len(t) for t, _, _ in batch)
    tokens = torch.zeros(len(batch), max_len, dtype=torch.long)
    slots = torch.full((len(batch), max_len), PAD_LABEL, dtype=torch.long)
    for i, (t, _, s) in enumerate(batch):
        tokens[i, :len(t)] = torch.from_numpy(t)
        slots[i, :len(s)] = torch.from_numpy(s)
    intents = torch.tensor([b[1] for b in batch])
    return tokens, intents, slots
