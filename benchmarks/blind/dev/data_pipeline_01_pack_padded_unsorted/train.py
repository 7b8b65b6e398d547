import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader

from data import ReviewDataset, Vocab, make_reviews, pad_collate
from model import LSTMSentiment


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=5e-3)
    args = ap.parse_args()
    torch.manual_seed(0)

    train_reviews, val_reviews = make_reviews(256, seed=0), make_reviews(64, seed=1)
    vocab = Vocab([s for s, _ in train_reviews])
    train_dl = DataLoader(ReviewDataset(train_reviews, vocab), batch_size=args.batch_size,
                          shuffle=True, collate_fn=pad_collate)
    val_dl = DataLoader(ReviewDataset(val_reviews, vocab), batch_size=64, collate_fn=pad_collate)

    model = LSTMSentiment(len(vocab))
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(1, args.epochs + 1):
        model.train()
        total_loss = 0.0
        for tokens, lengths, labels in train_dl:
            optimizer.zero_grad()
            loss = criterion(model(tokens, lengths), labels)
            loss.backward()
            optimizer.step()
            total_loss += loss.item()
        model.eval()
        correct = n = 0
        with torch.no_grad():
            for tokens, lengths, labels in val_dl:
                correct += (model(tokens, lengths).argmax(-1) == labels).sum().item()
                n += labels.size(0)
        print(f"Epoch {epoch}/{args.epochs} | loss {total_loss / len(train_dl):.4f} | val acc {correct / n:.3f}")


if __name__ == "__main__":
    main()
