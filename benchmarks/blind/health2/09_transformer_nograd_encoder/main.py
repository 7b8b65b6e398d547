import argparse

import torch

from textclf.data import KeywordTopicData
from textclf.model import TransformerClassifier
from textclf.engine import Engine


def build_parser():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=6)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--d-model", type=int, default=32)
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--seed", type=int, default=5)
    return p


def main():
    args = build_parser().parse_args()
    torch.manual_seed(args.seed)
    data = KeywordTopicData(n_train=320, n_val=96, seq_len=16, vocab=200, n_topics=3, seed=args.seed)
    model = TransformerClassifier(vocab_size=data.vocab, d_model=args.d_model, nhead=args.heads,
                                  num_layers=args.layers, num_classes=data.n_topics, max_len=data.seq_len)
    n_params = sum(p.numel() for p in model.parameters() if p.requires_grad)
    print(f"model has {n_params} trainable parameters")
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.0)
    engine = Engine(model, optimizer)
    engine.fit(data.train_loader(args.batch_size), data.val_loader(), epochs=args.epochs)


if __name__ == "__main__":
    main()
