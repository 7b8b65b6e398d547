import random

import torch
from torch.utils.data import DataLoader, Dataset

SUBJECTS = ["the cat", "a dog", "my friend", "the old man", "a bird", "the teacher"]
VERBS = ["sees", "likes", "finds", "follows", "draws", "helps"]
OBJECTS = ["the ball", "a tree", "the river", "some bread", "the house", "a small boat"]


def make_text(n_sentences, seed):
    rnd = random.Random(seed)
    return " ".join(
        f"{rnd.choice(SUBJECTS)} {rnd.choice(VERBS)} {rnd.choice(OBJECTS)}." for _ in range(n_sentences)
    )


class CharDataset(Dataset):
    def __init__(self, text, seq_len, vocab=None):
        self.vocab = vocab or sorted(set(text))
        self.stoi = {ch: i for i, ch in enumerate(self.vocab)}
        self.data = torch.tensor([self.stoi[ch] for ch in text], dtype=torch.long)
        self.seq_len = seq_len

    def __len__(self):
        return (len(self.data) - 1) // self.seq_len

    def __getitem__(self, idx):
        start = idx * self.seq_len
        chunk = self.data[start:start + self.seq_len + 1]
        return chunk[:-1], chunk[1:]


def build(cfg, micro_batch):
    train_text = make_text(cfg["n_sentences"], cfg["seed"])
    val_text = make_text(cfg["n_sentences"] // 4, cfg["seed"] + 1)
    train = CharDataset(train_text, cfg["seq_len"])
    val = CharDataset(val_text, cfg["seq_len"], vocab=train.vocab)
    return (
        DataLoader(train, batch_size=micro_batch, shuffle=True, drop_last=True),
        DataLoader(val, batch_size=64),
        len(train.vocab),
    )
