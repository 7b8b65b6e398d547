"""Stage 2: fine-tune the pretrained encoder on the small 3-activity target task."""
import argparse
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from datasets import make_windows
from modeling import ActivityClassifier, load_pretrained
from pretrain import pretrain

TARGET_CLASSES = 3  # walk / sit / stairs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pretrained", default="weights/pretrained_har.pt")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--lr", type=float, default=5e-4)
    args = ap.parse_args()

    if not os.path.exists(args.pretrained):
        pretrain(args.pretrained)

    train_dl = DataLoader(make_windows(160, TARGET_CLASSES, seed=1), batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(make_windows(64, TARGET_CLASSES, seed=2), batch_size=64)

    model = ActivityClassifier(TARGET_CLASSES)
    load_pretrained(model, args.pretrained)
    optimizer = torch.optim.Adam([
        {"params": model.backbone.parameters(), "lr": args.lr * 0.1},
        {"params": model.head.parameters(), "lr": args.lr},
    ])
    for epoch in range(args.epochs):
        model.train()
        for x, y in train_dl:
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            x, y = next(iter(val_dl))
            acc = (model(x).argmax(1) == y).float().mean().item()
        print(f"finetune epoch {epoch}: loss {loss.item():.3f} val_acc {acc:.3f}")
    torch.save(model.state_dict(), "weights/finetuned_har.pt")


if __name__ == "__main__":
    main()
