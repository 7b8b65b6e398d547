import argparse
import time

import torch
import torch.nn as nn

from data import TokenizedDataset, make_loader
from model import MeanPoolClassifier


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--max-len", type=int, default=32)
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args()

    torch.manual_seed(0)
    train_loader = make_loader(TokenizedDataset(256, seed=0), args.batch_size, args.max_len,
                               shuffle=True, num_workers=args.workers)
    model = MeanPoolClassifier()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    loss_fn = nn.BCEWithLogitsLoss()

    for epoch in range(args.epochs):
        t0 = time.time()
        running, hits, seen = 0.0, 0, 0
        for ids, mask, labels in train_loader:
            logits = model(ids, mask)
            loss = loss_fn(logits, labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item() * labels.size(0)
            hits += ((logits > 0).float() == labels).sum().item()
            seen += labels.size(0)
        print(f"epoch {epoch}: loss={running / seen:.4f} acc={hits / seen:.3f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
