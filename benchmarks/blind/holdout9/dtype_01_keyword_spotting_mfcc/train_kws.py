import argparse
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from kws.features import extract_all, KEYWORDS, N_MFCC
from kws.dataset import MFCCDataset
from kws.net import TCResNetLite

HERE = Path(__file__).resolve().parent


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--feat-dir", default=str(HERE / "feats"))
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=3e-3)
    args = ap.parse_args()

    torch.manual_seed(0)
    manifest = Path(args.feat_dir) / "manifest.json"
    if not manifest.exists():
        manifest = extract_all(Path(args.feat_dir))

    n = len(MFCCDataset(manifest))
    perm = np.random.default_rng(0).permutation(n)
    split = int(0.8 * n)
    train_ds = MFCCDataset(manifest, perm[:split])
    val_ds = MFCCDataset(manifest, perm[split:])
    train_loader = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=args.batch_size)

    model = TCResNetLite(N_MFCC, len(KEYWORDS))
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    crit = nn.CrossEntropyLoss()

    for epoch in range(args.epochs):
        model.train()
        for x, y in train_loader:
            loss = crit(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        correct = 0
        with torch.no_grad():
            for x, y in val_loader:
                correct += (model(x).argmax(1) == y).sum().item()
        print(f"epoch {epoch + 1}: loss {loss.item():.3f} val acc {correct / len(val_ds):.3f}")


if __name__ == "__main__":
    main()
