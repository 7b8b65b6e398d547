import argparse
import time

import torch
from torch import nn
from torch.utils.data import DataLoader

from kws.data import KEYWORDS, SyntheticKeywords
from kws.model import TinyKWS
from kws.utils.collate import pad_collate


def train_one_epoch(model, loader, opt, criterion):
    model.train()
    seen, total = 0, 0.0
    for waves, lengths, labels in loader:
        opt.zero_grad()
        logits = model(waves, lengths)
        loss = criterion(logits, labels)
        loss.backward()
        opt.step()
        seen += labels.numel()
        total += loss.item() * labels.numel()
    return total / seen


@torch.no_grad()
def accuracy(model, loader):
    model.eval()
    right = n = 0
    for waves, lengths, labels in loader:
        right += (model(waves, lengths).argmax(-1) == labels).sum().item()
        n += labels.numel()
    return right / n


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=32)
    args = ap.parse_args()

    torch.manual_seed(1)
    train_dl = DataLoader(SyntheticKeywords(320, seed=0), batch_size=args.batch_size,
                          shuffle=True, collate_fn=pad_collate)
    val_dl = DataLoader(SyntheticKeywords(96, seed=1), batch_size=args.batch_size, collate_fn=pad_collate)
    model = TinyKWS(len(KEYWORDS))
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
    criterion = nn.CrossEntropyLoss(label_smoothing=0.05)
    for ep in range(args.epochs):
        t0 = time.time()
        loss = train_one_epoch(model, train_dl, opt, criterion)
        print(f"epoch {ep}: loss {loss:.3f}  val acc {accuracy(model, val_dl):.3f}  ({time.time() - t0:.1f}s)")
