import argparse
import math
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from data import AMINO, PAD, iterate_minibatches, synthetic_pfam


class ResidueMLP(nn.Module):
    def __init__(self, vocab, dim, hidden, n_classes, max_len):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim, padding_idx=PAD)
        self.pos = nn.Parameter(torch.zeros(1, max_len, dim))
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Dropout(0.1), nn.Linear(hidden, dim))
        self.head = nn.Linear(dim, n_classes)

    def forward(self, tokens):
        mask = (tokens != PAD).unsqueeze(-1).float()
        h = self.emb(tokens) + self.pos[:, : tokens.size(1)]
        h = h + self.ff(self.norm(h))
        pooled = (h * mask).sum(1) / mask.sum(1).clamp(min=1)
        return self.head(pooled)


def evaluate(model, X, y, batch_size):
    model.eval()
    correct = 0
    with torch.no_grad():
        for xb, yb in iterate_minibatches(X, y, batch_size, shuffle=False):
            logits = model(torch.from_numpy(xb))
            correct += (logits.argmax(1).numpy() == yb).sum()
    model.train()
    return correct / len(X)


def main():
    p = argparse.ArgumentParser(description="Pfam-style protein family classifier")
    p.add_argument("--max-len", type=int, default=1000)
    p.add_argument("--families", type=int, default=100)
    p.add_argument("--n-train", type=int, default=512)
    p.add_argument("--n-val", type=int, default=256)
    p.add_argument("--dim", type=int, default=128)
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--batch-size", type=int, default=256)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--seed", type=int, default=42)
    args = p.parse_args()

    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    Xtr, ytr = synthetic_pfam(args.n_train, args.max_len, args.families, seed=1)
    Xva, yva = synthetic_pfam(args.n_val, args.max_len, args.families, seed=2)

    model = ResidueMLP(len(AMINO) + 1, args.dim, args.hidden, args.families, args.max_len)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    steps_per_epoch = math.ceil(len(Xtr) / args.batch_size)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, epochs=args.epochs,
                                                steps_per_epoch=steps_per_epoch)

    for epoch in range(args.epochs):
        t0 = time.time()
        losses = []
        for xb, yb in iterate_minibatches(Xtr, ytr, args.batch_size, rng=rng):
            xb, yb = torch.from_numpy(xb), torch.from_numpy(yb)
            logits = model(xb)
            loss = F.cross_entropy(logits, yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            losses.append(loss.item())
        acc = evaluate(model, Xva, yva, 64)
        print(f"epoch {epoch + 1}/{args.epochs} loss={np.mean(losses):.4f} val_acc={acc:.3f} "
              f"lr={sched.get_last_lr()[0]:.2e} time={time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
