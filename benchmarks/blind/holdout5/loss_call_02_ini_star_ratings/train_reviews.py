import configparser
import os
import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from reviews.features import ReviewDataset
from reviews.model import ReviewMLP
from reviews.synth import make_reviews

cfg = configparser.ConfigParser()
cfg.read("settings.ini")

SEED = cfg.getint("data", "seed")
random.seed(SEED)
torch.manual_seed(SEED)

rows = make_reviews(cfg.getint("data", "n_reviews"), seed=SEED)
random.shuffle(rows)
n_valid = int(len(rows) * cfg.getfloat("data", "valid_ratio"))
valid_rows, train_rows = rows[:n_valid], rows[n_valid:]

dim = cfg.getint("data", "hash_dim")
ngram_max = cfg.getint("data", "ngram_max")
train_ds = ReviewDataset(train_rows, dim, ngram_max)
valid_ds = ReviewDataset(valid_rows, dim, ngram_max)
bs = cfg.getint("training", "batch_size")
train_loader = DataLoader(train_ds, batch_size=bs, shuffle=True)
valid_loader = DataLoader(valid_ds, batch_size=bs)

model = ReviewMLP(dim, cfg.getint("model", "hidden"), cfg.getint("model", "num_classes"),
                  cfg.getfloat("model", "dropout"))
optimizer = torch.optim.Adam(model.parameters(), lr=cfg.getfloat("training", "learning_rate"))
criterion = nn.CrossEntropyLoss()

for epoch in range(cfg.getint("training", "epochs")):
    model.train()
    for i, (x, y) in enumerate(train_loader):
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        if i % 5 == 0:
            print(f"epoch {epoch} iter {i} loss {loss.item():.4f}")

    model.eval()
    correct = within_one = 0
    with torch.no_grad():
        for x, y in valid_loader:
            pred = model(x).argmax(1)
            correct += (pred == y).sum().item()
            within_one += ((pred - y).abs() <= 1).sum().item()
    print(f"epoch {epoch}: valid acc {correct / len(valid_ds):.3f}  within-1-star {within_one / len(valid_ds):.3f}")

os.makedirs(cfg.get("paths", "workdir"), exist_ok=True)
torch.save(model.state_dict(), cfg.get("paths", "checkpoint"))
print("saved", cfg.get("paths", "checkpoint"))
