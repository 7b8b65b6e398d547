import random

import torch
from torch.utils.data import Dataset

POS = ["great", "lovely", "excellent", "fun", "brilliant", "charming", "superb", "delightful"]
NEG = ["awful", "boring", "terrible", "dull", "messy", "painful", "weak", "bland"]
FILL = ["the", "movie", "was", "really", "plot", "acting", "and", "quite", "a", "story",
        "ending", "cast", "honestly", "very", "overall", "film", "i", "thought", "it"]


def synth_reviews(n: int, seed: int = 0):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        label = rng.randint(0, 1)
        words = rng.choices(FILL, k=rng.randint(4, 14))
        for _ in range(rng.randint(1, 3)):
            words.insert(rng.randrange(len(words) + 1), rng.choice(POS if label else NEG))
        out.append((" ".join(words) + ".", label))
    return out


class ReviewDataset(Dataset):
    def __init__(self, pairs, tokenizer, max_len=32):
        self.items = [(tokenizer.encode(t, max_len), y) for t, y in pairs]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        ids, y = self.items[idx]
        return torch.tensor(ids, dtype=torch.long), y


def make_collate(pad_id):
    def collate(batch):
        seqs, labels = zip(*batch)
        padded = torch.nn.utils.rnn.pad_sequence(seqs, batch_first=True, padding_value=pad_id)
        return padded, torch.tensor(labels)
    return collate
