"""Sentiment classifier for long product reviews (truncated to 512 tokens)."""
import argparse
import math
import time

import numpy as np
import torch
import torch.nn as nn

from model import ReviewClassifier


def parse_args():
    p = argparse.ArgumentParser(description="train review sentiment transformer")
    p.add_argument("--max-len", type=int, default=512)
    p.add_argument("--vocab", type=int, default=20000)
    p.add_argument("--n-train", type=int, default=128)
    p.add_argument("--n-val", type=int, default=32)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--clip", type=float, default=1.0)
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args()


def synth_reviews(n, max_len, vocab, rng):
    lengths = rng.integers(max_len // 2, max_len + 1, size=n)
    ids = np.zeros((n, max_len), dtype=np.int64)
    labels = rng.integers(0, 2, size=n)
    for i, L in enumerate(lengths):
        ids[i, :L] = rng.integers(1, vocab, size=L)
        # sentiment words live in a small band of the vocab
        marks = rng.integers(0, L, size=8)
        ids[i, marks] = 1 + labels[i] * 50 + rng.integers(0, 50, size=8)
    return torch.from_numpy(ids), torch.from_numpy(labels)


def batches(ids, labels, batch_size, shuffle, rng):
    order = rng.permutation(len(ids)) if shuffle else np.arange(len(ids))
    for start in range(0, len(ids), batch_size):
        idx = torch.from_numpy(order[start:start + batch_size])
        yield ids[idx], labels[idx]


def main():
    args = parse_args()
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    tr_ids, tr_y = synth_reviews(args.n_train, args.max_len, args.vocab, rng)
    va_ids, va_y = synth_reviews(args.n_val, args.max_len, args.vocab, rng)

    model = ReviewClassifier(args.vocab, args.max_len)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    steps_per_epoch = math.ceil(args.n_train / args.batch_size)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=args.epochs * steps_per_epoch,
                                                pct_start=0.3)
    loss_fn = nn.CrossEntropyLoss()

    for epoch in range(args.epochs):
        model.train()
        t0 = time.time()
        tot, n = 0.0, 0
        for ids, y in batches(tr_ids, tr_y, args.batch_size, True, rng):
            logits = model(ids)
            loss = loss_fn(logits, y)
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), args.clip)
            opt.step()
            sched.step()
            tot += loss.item() * len(y)
            n += len(y)
        model.eval()
        correct = 0
        with torch.no_grad():
            for ids, y in batches(va_ids, va_y, 16, False, rng):
                correct += (model(ids).argmax(1) == y).sum().item()
        print(f"epoch {epoch}: train_loss {tot / n:.4f} val_acc {correct / len(va_y):.3f} "
              f"lr {sched.get_last_lr()[0]:.2e} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
