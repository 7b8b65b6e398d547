import argparse
import os
import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from sentiment.data import LABELS, TicketDataset, Vocab, read_export
from sentiment.model import CNNText

ap = argparse.ArgumentParser()
ap.add_argument("--data", default="data/annotations_export.csv")
ap.add_argument("--epochs", type=int, default=2)
ap.add_argument("--bs", type=int, default=32)
ap.add_argument("--out", default="models/ticket_sentiment.pt")
args = ap.parse_args()

random.seed(0)
torch.manual_seed(0)
texts, labels = read_export(args.data)
idx = list(range(len(texts)))
random.shuffle(idx)
cut = int(0.85 * len(idx))
tr, te = idx[:cut], idx[cut:]
vocab = Vocab([texts[i] for i in tr])
train_ds = TicketDataset([texts[i] for i in tr], [labels[i] for i in tr], vocab)
test_ds = TicketDataset([texts[i] for i in te], [labels[i] for i in te], vocab)
train_dl = DataLoader(train_ds, batch_size=args.bs, shuffle=True)
test_dl = DataLoader(test_ds, batch_size=128)

model = CNNText(len(vocab), len(LABELS))
opt = torch.optim.Adam(model.parameters(), lr=2e-3)
ce = nn.CrossEntropyLoss()
for ep in range(args.epochs):
    model.train()
    for x, y in train_dl:
        opt.zero_grad()
        loss = ce(model(x), y)
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        acc = sum((model(x).argmax(1) == y).sum().item() for x, y in test_dl) / len(test_ds)
    print(f"epoch {ep}: loss {loss.item():.3f} test acc {acc:.3f}")

os.makedirs(os.path.dirname(args.out), exist_ok=True)
torch.save({"model": model.state_dict(), "vocab": vocab.itos, "labels": LABELS}, args.out)
