import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

from textclf.corpus import make_reviews
from textclf.model import BagOfEmbeddings
from textclf.tokenizer import WordTokenizer


def encode_all(tok, pairs):
    ids = torch.tensor([tok.encode(t) for t, _ in pairs], dtype=torch.long)
    labels = torch.tensor([y for _, y in pairs], dtype=torch.long)
    return TensorDataset(ids, labels)


def main():
    p = argparse.ArgumentParser(description="restaurant review sentiment")
    p.add_argument("--dim", type=int, default=64)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--lr", type=float, default=5e-3)
    args = p.parse_args()

    torch.manual_seed(0)
    train_pairs, test_pairs = make_reviews(800, seed=1), make_reviews(200, seed=2)
    tok = WordTokenizer(max_len=24).fit(t for t, _ in train_pairs)
    print(f"vocab size: {tok.vocab_size}")

    train_dl = DataLoader(encode_all(tok, train_pairs), batch_size=args.batch_size, shuffle=True)
    test_dl = DataLoader(encode_all(tok, test_pairs), batch_size=args.batch_size)

    model = BagOfEmbeddings(tok.vocab_size, args.dim, 2, pad_id=tok.pad_id)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    crit = nn.CrossEntropyLoss()

    for ep in range(args.epochs):
        model.train()
        for ids, y in train_dl:
            opt.zero_grad()
            loss = crit(model(ids), y)
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            acc = sum((model(ids).argmax(1) == y).sum().item() for ids, y in test_dl) / len(test_pairs)
        print(f"epoch {ep}: loss={loss.item():.4f} test_acc={acc:.3f}")


if __name__ == "__main__":
    main()
