import csv
import os

import numpy as np
import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader, Dataset


class LogMelDataset(Dataset):
    def __init__(self, index_csv, emotions, speakers):
        root = os.path.dirname(index_csv)
        with open(index_csv, newline="") as f:
            rows = [r for r in csv.DictReader(f) if r["speaker"] in speakers]
        self.paths = [os.path.join(root, r["path"]) for r in rows]
        self.labels = [emotions.index(r["emotion"]) for r in rows]

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        spec = torch.from_numpy(np.load(self.paths[i]))
        spec = (spec - spec.mean(0, keepdim=True)) / (spec.std(0, keepdim=True) + 1e-5)
        return spec, self.labels[i]


def pad_collate(batch):
    specs, labels = zip(*batch)
    return pad_sequence(specs, batch_first=True), torch.tensor(labels)


def make_loaders(index_csv, hp):
    speakers = [f"spk{i:02d}" for i in range(12)]
    train_ds = LogMelDataset(index_csv, list(hp.emotions), set(speakers[:10]))
    val_ds = LogMelDataset(index_csv, list(hp.emotions), set(speakers[10:]))
    return (
        DataLoader(train_ds, batch_size=hp.batch_size, shuffle=True, collate_fn=pad_collate),
        DataLoader(val_ds, batch_size=hp.batch_size, collate_fn=pad_collate),
    )
