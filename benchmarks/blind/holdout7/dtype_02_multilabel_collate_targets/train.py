import argparse
import random
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import DataLoader

from cellcls.collate import multilabel_collate
from cellcls.data import N_CLASSES, CellTiles, build_dataset, read_labels
from cellcls.model import TileNet
from cellcls.sampling import rare_label_sampler

HERE = Path(__file__).resolve().parent


def macro_f1(probs, targets, thr=0.4):
    pred = probs > thr
    tp = (pred & (targets == 1)).sum(0)
    fp = (pred & (targets == 0)).sum(0)
    fn = (~pred & (targets == 1)).sum(0)
    f1 = 2 * tp / np.maximum(2 * tp + fp + fn, 1)
    return float(f1.mean())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(HERE / "input"))
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)

    root = Path(args.data)
    if not (root / "train.csv").exists():
        build_dataset(root)
    items = read_labels(root / "train.csv")
    random.shuffle(items)
    n_val = len(items) // 5
    val_items, train_items = items[:n_val], items[n_val:]

    train_dl = DataLoader(CellTiles(root, train_items, augment=True), batch_size=args.batch_size,
                          sampler=rare_label_sampler(train_items, N_CLASSES), collate_fn=multilabel_collate)
    val_dl = DataLoader(CellTiles(root, val_items), batch_size=64, collate_fn=multilabel_collate)

    model = TileNet(n_classes=N_CLASSES)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    criterion = torch.nn.BCEWithLogitsLoss()

    for epoch in range(args.epochs):
        model.train()
        losses = []
        for images, targets, _ in train_dl:
            optimizer.zero_grad()
            loss = criterion(model(images), targets)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
        model.eval()
        all_p, all_t = [], []
        with torch.no_grad():
            for images, targets, _ in val_dl:
                all_p.append(torch.sigmoid(model(images)).numpy())
                all_t.append(targets.numpy())
        f1 = macro_f1(np.concatenate(all_p), np.concatenate(all_t))
        print(f"epoch {epoch + 1}  train_loss {np.mean(losses):.4f}  val_macroF1 {f1:.4f}")
    torch.save(model.state_dict(), HERE / "tilenet_last.pth")


if __name__ == "__main__":
    main()
