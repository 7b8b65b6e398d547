import argparse

import torch

from probe.data import glyph_loaders
from probe.model import ConvBackbone, LinearProbe
from probe.pretext import pretrain_rotation
from probe.engine import probe_epoch, probe_eval


def main():
    ap = argparse.ArgumentParser(description="rotation-pretext SSL + linear probe evaluation")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--pretext-steps", type=int, default=60)
    ap.add_argument("--lr", type=float, default=0.05)
    args = ap.parse_args()
    torch.manual_seed(0)

    unlabeled, train_loader, val_loader = glyph_loaders()
    backbone = ConvBackbone(width=16)
    pretrain_rotation(backbone, unlabeled, steps=args.pretext_steps)

    model = LinearProbe(backbone, n_classes=4)
    trainable = [p for p in model.parameters() if p.requires_grad]
    print(f"linear probe: {sum(p.numel() for p in trainable)} trainable / "
          f"{sum(p.numel() for p in model.parameters())} total params")
    optimizer = torch.optim.SGD(trainable, lr=args.lr, momentum=0.9)

    for epoch in range(args.epochs):
        loss = probe_epoch(model, train_loader, optimizer)
        acc = probe_eval(model, val_loader)
        print(f"probe epoch {epoch + 1}: loss {loss:.4f}  val acc {acc:.3f}")


if __name__ == "__main__":
    main()
