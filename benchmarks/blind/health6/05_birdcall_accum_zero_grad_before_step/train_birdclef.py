# BirdCLEF-style baseline: log-mel "spectrograms" -> small CNN, multilabel BCE
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader

from engine import train_one_epoch, valid_one_epoch

CFG = dict(seed=2023, n_classes=8, n_mels=32, frames=64, n_train=256, n_valid=64,
           batch_size=16, accum_steps=2, lr=1e-3, epochs=4, max_norm=5.0)
torch.manual_seed(CFG["seed"])
np.random.seed(CFG["seed"])


class SynthCalls(Dataset):
    def __init__(self, n, seed):
        rng = np.random.default_rng(seed)
        self.specs = rng.normal(0, 1, (n, 1, CFG["n_mels"], CFG["frames"])).astype(np.float32)
        self.targets = np.zeros((n, CFG["n_classes"]), np.float32)
        for i in range(n):
            k = rng.integers(1, 3)
            for c in rng.choice(CFG["n_classes"], k, replace=False):
                self.targets[i, c] = 1
                band = 2 + c * 3
                t0 = rng.integers(0, CFG["frames"] - 16)
                self.specs[i, 0, band:band + 3, t0:t0 + 16] += 2.5

    def __len__(self):
        return len(self.specs)

    def __getitem__(self, i):
        return torch.from_numpy(self.specs[i]), torch.from_numpy(self.targets[i])


def make_model():
    def block(i, o):
        return nn.Sequential(nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(), nn.MaxPool2d(2))
    return nn.Sequential(block(1, 16), block(16, 32), block(32, 48),
                         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(48, CFG["n_classes"]))


train_dl = DataLoader(SynthCalls(CFG["n_train"], 1), batch_size=CFG["batch_size"], shuffle=True, drop_last=True)
valid_dl = DataLoader(SynthCalls(CFG["n_valid"], 2), batch_size=32)
model = make_model()
optimizer = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
criterion = nn.BCEWithLogitsLoss()

for epoch in range(CFG["epochs"]):
    tr = train_one_epoch(model, train_dl, optimizer, criterion, CFG["accum_steps"], CFG["max_norm"])
    va, acc = valid_one_epoch(model, valid_dl, criterion)
    print(f"Epoch {epoch}  train_bce={tr:.5f}  valid_bce={va:.5f}  exact_match={acc:.3f}")
