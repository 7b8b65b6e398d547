import argparse
import os

import torch
from torch.utils.data import DataLoader

from retrieval.data import ProductImages
from retrieval.losses import HistogramLoss
from retrieval.net import Embedder
from retrieval.sampler import ClassBalancedBatchSampler

HERE = os.path.dirname(os.path.abspath(__file__))


@torch.no_grad()
def recall_at_1(model, loader):
    model.eval()
    embs, labels = zip(*[(model(x), y) for x, y in loader])
    e, l = torch.cat(embs), torch.cat(labels)
    sims = e @ e.t()
    sims.fill_diagonal_(-2)
    return (l[sims.argmax(1)] == l).float().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--skus", type=int, default=40)
    ap.add_argument("--per-sku", type=int, default=8)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--bins", type=int, default=51)
    args = ap.parse_args()
    torch.manual_seed(0)

    train_ds = ProductImages(args.skus, args.per_sku, seed=1)
    test_ds = ProductImages(args.skus, 4, seed=2)
    train_dl = DataLoader(train_ds, batch_sampler=ClassBalancedBatchSampler(train_ds.y))
    test_dl = DataLoader(test_ds, batch_size=64)

    model = Embedder()
    criterion = HistogramLoss(num_bins=args.bins)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    print(f"recall@1 before training: {recall_at_1(model, test_dl):.3f}")
    for epoch in range(args.epochs):
        model.train()
        total = 0.0
        for x, y in train_dl:
            opt.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch + 1}: hist loss {total / len(train_dl):.4f} recall@1 {recall_at_1(model, test_dl):.3f}")
    os.makedirs(os.path.join(HERE, "ckpt"), exist_ok=True)
    torch.save(model.state_dict(), os.path.join(HERE, "ckpt", "embedder.pt"))


if __name__ == "__main__":
    main()
