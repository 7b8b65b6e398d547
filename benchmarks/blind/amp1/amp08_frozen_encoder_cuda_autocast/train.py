import argparse

import torch

from textcls.classifier import FrozenBackboneClassifier
from textcls.data import make_splits
from textcls.train_utils import fit


def main():
    ap = argparse.ArgumentParser("linear-probe / small-head fine-tuning on top of a frozen encoder")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=5e-3)
    ap.add_argument("--encoder-ckpt", default=None, help="path to pretrained encoder weights")
    ap.add_argument("--encoder-dtype", default="bfloat16", help="dtype the frozen encoder is kept in")
    args = ap.parse_args()

    torch.manual_seed(0)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    train_dl, val_dl, vocab_size, num_classes = make_splits(args.batch_size)
    model = FrozenBackboneClassifier(vocab_size, num_classes, ckpt=args.encoder_ckpt,
                                     encoder_dtype=getattr(torch, args.encoder_dtype)).to(device)
    n_train = sum(p.numel() for p in model.parameters() if p.requires_grad)
    print(f"trainable params: {n_train}")
    fit(model, train_dl, val_dl, epochs=args.epochs, lr=args.lr, device=device)


if __name__ == "__main__":
    main()
