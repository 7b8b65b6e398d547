import argparse
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from recsys.data import PointwiseDataset, leave_last_out, synthetic_interactions
from recsys.metrics import hit_rate_at_k
from recsys.model import NeuMF


def get_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--users", type=int, default=300)
    ap.add_argument("--items", type=int, default=500)
    ap.add_argument("--negatives", type=int, default=4)
    ap.add_argument("--batch-size", type=int, default=256)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--save", default="checkpoints/neumf.pt")
    return ap.parse_args()


def main():
    args = get_args()
    torch.manual_seed(0)
    pairs = synthetic_interactions(args.users, args.items)
    train_pairs, test_pairs = leave_last_out(pairs)
    ds = PointwiseDataset(train_pairs, args.items, num_negatives=args.negatives)
    print(f"{len(train_pairs)} train positives, {len(ds)} training rows, {len(test_pairs)} test users")

    model = NeuMF(args.users, args.items)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    criterion = nn.BCEWithLogitsLoss()

    for epoch in range(args.epochs):
        if epoch > 0:
            ds.resample()
        loader = DataLoader(ds, batch_size=args.batch_size, shuffle=True)
        model.train()
        total = 0.0
        for users, items, clicked in loader:
            logits = model(users, items)
            loss = criterion(logits, clicked)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(users)
        hr = hit_rate_at_k(model, test_pairs[:100], ds.user_pos, args.items)
        print(f"epoch {epoch}: bce {total / len(ds):.4f}  HR@10 {hr:.3f}")

    os.makedirs(os.path.dirname(args.save), exist_ok=True)
    torch.save(model.state_dict(), args.save)


if __name__ == "__main__":
    main()
