"""Metric learning for human-activity windows (accelerometer + gyro), evaluated by kNN."""
import argparse
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from knn_eval import embed_all, knn_accuracy


class WindowEncoder(nn.Module):
    def __init__(self, channels=6, emb=128):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv1d(channels, 32, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2),
            nn.Conv1d(32, 64, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(1))
        self.fc = nn.Linear(64, emb)

    def forward(self, x):
        return F.normalize(self.fc(self.conv(x).flatten(1)), dim=1)


def make_windows(n, n_classes, g, length=64):
    y = torch.randint(0, n_classes, (n,), generator=g)
    t = torch.linspace(0, 1, length)
    freq = (1 + y).float()[:, None, None]
    x = torch.sin(2 * torch.pi * freq * t) + 0.7 * torch.randn(n, 6, length, generator=g)
    return x, y


def sample_triplets(y, n, g):
    a = torch.randint(0, len(y), (n,), generator=g)
    pos, neg = torch.empty_like(a), torch.empty_like(a)
    for i, ai in enumerate(a.tolist()):
        same = (y == y[ai]).nonzero().flatten()
        diff = (y != y[ai]).nonzero().flatten()
        pos[i] = same[torch.randint(0, len(same), (1,), generator=g)]
        neg[i] = diff[torch.randint(0, len(diff), (1,), generator=g)]
    return a, pos, neg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n-train", type=int, default=8000)
    ap.add_argument("--n-test", type=int, default=3000)
    ap.add_argument("--classes", type=int, default=6)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--margin", type=float, default=0.2)
    args = ap.parse_args()

    g = torch.Generator().manual_seed(1)
    torch.manual_seed(1)
    x_tr, y_tr = make_windows(args.n_train, args.classes, g)
    x_te, y_te = make_windows(args.n_test, args.classes, g)
    model = WindowEncoder()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs * args.steps)
    loss_fn = nn.TripletMarginLoss(margin=args.margin)

    for epoch in range(args.epochs):
        t0 = time.time()
        for step in range(args.steps):
            a, p, n = sample_triplets(y_tr, args.batch, g)
            loss = loss_fn(model(x_tr[a]), model(x_tr[p]), model(x_tr[n]))
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        bank = embed_all(model, x_tr)
        query = embed_all(model, x_te)
        acc = knn_accuracy(query, y_te, bank, y_tr, k=5, num_classes=args.classes)
        print(f"epoch {epoch}: triplet loss {loss.item():.4f}  kNN@5 acc {acc:.3f}  ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
