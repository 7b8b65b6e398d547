import argparse
import os

import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Subset

from src.dataset import DigitCSVDataset
from src.make_digits import write_train_csv
from src.net import SmallConvNet

HERE = os.path.dirname(os.path.abspath(__file__))


def kfold(n, k, seed):
    perm = np.random.default_rng(seed).permutation(n)
    return [(np.setdiff1d(perm, f), f) for f in np.array_split(perm, k)]


def train_fold(ds, tr_idx, va_idx, args, fold):
    tr_dl = DataLoader(Subset(ds, tr_idx), batch_size=args.bs, shuffle=True)
    va_dl = DataLoader(Subset(ds, va_idx), batch_size=128)
    model = SmallConvNet()
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, nesterov=True)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs * len(tr_dl))
    for epoch in range(args.epochs):
        model.train()
        for x, y in tr_dl:
            opt.zero_grad()
            loss = F.cross_entropy(model(x), y, label_smoothing=0.1)
            loss.backward()
            opt.step()
            sched.step()
        model.eval()
        correct = 0
        probs = []
        with torch.no_grad():
            for x, y in va_dl:
                p = model(x).softmax(1)
                probs.append(p)
                correct += (p.argmax(1) == y).sum().item()
        acc = correct / len(va_idx)
        print(f"[fold {fold}] epoch {epoch + 1} val_acc={acc:.4f}")
    torch.save(model.state_dict(), os.path.join(HERE, "models", f"cnn_fold{fold}.pt"))
    return acc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv", default=os.path.join(HERE, "input", "train.csv"))
    ap.add_argument("--folds", type=int, default=3)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--bs", type=int, default=64)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=2021)
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    os.makedirs(os.path.dirname(args.csv), exist_ok=True)
    os.makedirs(os.path.join(HERE, "models"), exist_ok=True)
    if not os.path.exists(args.csv):
        write_train_csv(args.csv)

    ds = DigitCSVDataset(args.csv, augment=False)
    print(f"{len(ds)} samples, {len(ds.columns) - 1} pixel columns")
    scores = [train_fold(ds, tr, va, args, i) for i, (tr, va) in enumerate(kfold(len(ds), args.folds, args.seed))]
    print(f"CV accuracy: {np.mean(scores):.4f} ({', '.join(f'{s:.3f}' for s in scores)})")


if __name__ == "__main__":
    main()
