"""CS 4xx homework: sentiment classification with a from-scratch Transformer encoder."""
import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from dataset import ReviewDataset, Vocab, collate, make_reviews
from model import TransformerClassifier
from utils import AverageMeter, accuracy, set_seed


def get_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--d-model", type=int, default=64)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--max-len", type=int, default=48)
    ap.add_argument("--seed", type=int, default=0)
    return ap.parse_args()


def run_epoch(model, loader, criterion, optimizer=None):
    training = optimizer is not None
    model.train(training)
    loss_m, acc_m = AverageMeter(), AverageMeter()
    with torch.set_grad_enabled(training):
        for ids, y in loader:
            logits = model(ids)
            loss = criterion(logits, y)
            if training:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            loss_m.update(loss.item(), y.size(0))
            acc_m.update(accuracy(logits, y), y.size(0))
    return loss_m.avg, acc_m.avg


def main():
    args = get_args()
    set_seed(args.seed)
    train_reviews = make_reviews(800, seed=args.seed)
    val_reviews = make_reviews(200, seed=args.seed + 100)
    vocab = Vocab([t for t, _ in train_reviews])
    train_ds = ReviewDataset(train_reviews, vocab, args.max_len)
    val_ds = ReviewDataset(val_reviews, vocab, args.max_len)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True, collate_fn=collate)
    val_dl = DataLoader(val_ds, batch_size=args.batch_size, collate_fn=collate)

    model = TransformerClassifier(len(vocab), 2, d_model=args.d_model, n_heads=args.heads,
                                  n_layers=args.layers, max_len=args.max_len)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    criterion = nn.CrossEntropyLoss()

    for epoch in range(1, args.epochs + 1):
        tr_loss, tr_acc = run_epoch(model, train_dl, criterion, optimizer)
        va_loss, va_acc = run_epoch(model, val_dl, criterion)
        print(f"epoch {epoch}: train loss {tr_loss:.3f} acc {tr_acc:.3f} | val loss {va_loss:.3f} acc {va_acc:.3f}")


if __name__ == "__main__":
    main()
