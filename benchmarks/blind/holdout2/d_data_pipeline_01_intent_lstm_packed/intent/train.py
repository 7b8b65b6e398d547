"""python -m intent.train --epochs 3"""
import argparse

import torch
from torch import nn

from .corpus import sample_utterances
from .data import WordTokenizer, make_loader
from .model import IntentLSTM


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=2e-3)
    args = ap.parse_args(argv)
    torch.manual_seed(0)

    train_pairs, names = sample_utterances(480, seed=0)
    val_pairs, _ = sample_utterances(96, seed=1)
    tok = WordTokenizer([s for s, _ in train_pairs])
    train_dl = make_loader(train_pairs, tok, args.batch_size, shuffle=True)
    val_dl = make_loader(val_pairs, tok, 64, shuffle=False)

    model = IntentLSTM(len(tok.vocab), len(names))
    opt = torch.optim.RMSprop(model.parameters(), lr=args.lr)
    criterion = nn.CrossEntropyLoss()
    for epoch in range(1, args.epochs + 1):
        model.train()
        for i, (tokens, lengths, labels) in enumerate(train_dl):
            loss = criterion(model(tokens, lengths), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if i % 5 == 0:
                print(f"[{epoch}:{i:02d}] loss={loss.item():.4f}")
        model.eval()
        right = 0
        with torch.no_grad():
            for tokens, lengths, labels in val_dl:
                right += (model(tokens, lengths).argmax(1) == labels).sum().item()
        print(f"epoch {epoch} val acc {right / len(val_pairs):.3f}")


if __name__ == "__main__":
    main()
