import argparse
from dataclasses import dataclass

import torch
import torch.nn.functional as F

from textclf.data import get_dataloaders
from textclf.model import TopicTransformer
from textclf.utils import accuracy, count_parameters


@dataclass
class Config:
    vocab_size: int = 120
    max_len: int = 20
    num_classes: int = 4
    d_model: int = 32
    n_heads: int = 4
    n_layers: int = 2
    dropout: float = 0.1
    n_train: int = 384
    n_val: int = 96
    batch_size: int = 32
    lr: float = 1e-3
    epochs: int = 10
    seed: int = 0


def main():
    cfg = Config()
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=cfg.epochs)
    ap.add_argument("--lr", type=float, default=cfg.lr)
    args = ap.parse_args()
    cfg.epochs, cfg.lr = args.epochs, args.lr

    torch.manual_seed(cfg.seed)
    train_dl, val_dl = get_dataloaders(cfg)
    model = TopicTransformer(cfg.vocab_size, cfg.max_len, cfg.d_model, cfg.n_heads, cfg.n_layers, cfg.num_classes, cfg.dropout)
    print(f"trainable parameters: {count_parameters(model)}")
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=0.0)

    for epoch in range(1, cfg.epochs + 1):
        model.train()
        tr_loss = 0.0
        for tokens, labels in train_dl:
            loss = F.cross_entropy(model(tokens), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            tr_loss += loss.item()
        model.eval()
        with torch.no_grad():
            accs = [accuracy(model(t), y) for t, y in val_dl]
        print(f"epoch {epoch}: train_loss={tr_loss / len(train_dl):.4f} val_acc={sum(accs) / len(accs):.3f}")


if __name__ == "__main__":
    main()
