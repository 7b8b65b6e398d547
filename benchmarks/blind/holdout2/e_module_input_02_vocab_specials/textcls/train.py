"""python -m textcls.train --epochs 3"""
import argparse
from dataclasses import dataclass

import torch
from torch.nn import functional as F
from torch.utils.data import DataLoader

from .data import ReviewDataset, make_collate, synth_reviews
from .model import MeanPoolClassifier
from .tokenizer import WordTokenizer


@dataclass
class Config:
    n_train: int = 400
    n_val: int = 100
    dim: int = 48
    batch_size: int = 32
    lr: float = 2e-3
    epochs: int = 3
    max_len: int = 32
    seed: int = 0


def run(cfg: Config):
    torch.manual_seed(cfg.seed)
    train_pairs = synth_reviews(cfg.n_train, seed=cfg.seed)
    val_pairs = synth_reviews(cfg.n_val, seed=cfg.seed + 1)

    tok = WordTokenizer(min_freq=2).fit(t for t, _ in train_pairs)
    collate = make_collate(tok.pad_id)
    train_dl = DataLoader(ReviewDataset(train_pairs, tok, cfg.max_len), batch_size=cfg.batch_size,
                          shuffle=True, collate_fn=collate)
    val_dl = DataLoader(ReviewDataset(val_pairs, tok, cfg.max_len), batch_size=64, collate_fn=collate)

    model = MeanPoolClassifier(tok.vocab_size, cfg.dim, n_classes=2, pad_id=tok.pad_id)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    print(f"vocab={tok.vocab_size} params={sum(p.numel() for p in model.parameters())}")

    for epoch in range(cfg.epochs):
        model.train()
        for i, (ids, y) in enumerate(train_dl):
            loss = F.cross_entropy(model(ids), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if i % 5 == 0:
                print(f"[{epoch}:{i}] loss={loss.item():.4f}")
        model.eval()
        with torch.no_grad():
            acc = sum((model(ids).argmax(-1) == y).sum().item() for ids, y in val_dl) / cfg.n_val
        print(f"epoch {epoch}: val acc {acc:.3f}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=Config.epochs)
    p.add_argument("--lr", type=float, default=Config.lr)
    a = p.parse_args()
    run(Config(epochs=a.epochs, lr=a.lr))


if __name__ == "__main__":
    main()
