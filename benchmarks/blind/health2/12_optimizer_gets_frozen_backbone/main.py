import argparse

import torch
import torch.nn.functional as F

from tabssl.data import unlabeled_and_labeled
from tabssl.model import Encoder, Classifier
from tabssl.pretrain import pretrain_denoising
from tabssl.optim import freeze, param_groups


def finetune(model, optimizer, loader, val, epochs):
    xv, yv = val
    for epoch in range(epochs):
        model.train()
        tot, n = 0.0, 0
        for x, y in loader:
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            tot += loss.item() * len(y)
            n += len(y)
        model.eval()
        with torch.no_grad():
            acc = (model(xv).argmax(1) == yv).float().mean().item()
        print(f"[finetune] epoch {epoch + 1}/{epochs} loss={tot / n:.4f} val_acc={acc:.3f}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--pretrain-steps", type=int, default=150)
    p.add_argument("--freeze-backbone", type=int, default=1)
    p.add_argument("--head-lr", type=float, default=5e-3)
    p.add_argument("--backbone-lr", type=float, default=5e-4)
    args = p.parse_args()
    torch.manual_seed(0)

    unlabeled, labeled_loader, val = unlabeled_and_labeled()
    encoder = Encoder(in_dim=unlabeled.shape[1], hidden=64, out_dim=32)
    pretrain_denoising(encoder, unlabeled, steps=args.pretrain_steps)

    model = Classifier(encoder, n_classes=3)
    if args.freeze_backbone:
        freeze(model.backbone)
    optimizer = torch.optim.Adam(param_groups(model, args.head_lr, args.backbone_lr, bool(args.freeze_backbone)))
    finetune(model, optimizer, labeled_loader, val, args.epochs)


if __name__ == "__main__":
    main()
