import argparse
import random

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from config import Config
from features import build_features, read_rows
from make_data import write_synthetic_csv
from model import TabularNet


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def roc_auc(y_true, y_score):
    order = np.argsort(y_score)
    ranks = np.empty_like(order, dtype=np.float64)
    ranks[order] = np.arange(1, len(y_score) + 1)
    pos = y_true == 1
    n_pos, n_neg = pos.sum(), (~pos).sum()
    if n_pos == 0 or n_neg == 0:
        return float("nan")
    return (ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


def kfold_indices(n, n_folds, seed):
    idx = np.random.RandomState(seed).permutation(n)
    return np.array_split(idx, n_folds)


def run_fold(cfg, fold, tr_idx, va_idx, x_cat, x_num, y, cards):
    tr_ds = TensorDataset(torch.from_numpy(x_cat[tr_idx]), torch.from_numpy(x_num[tr_idx]),
                          torch.from_numpy(y[tr_idx]))
    va_ds = TensorDataset(torch.from_numpy(x_cat[va_idx]), torch.from_numpy(x_num[va_idx]),
                          torch.from_numpy(y[va_idx]))
    tr_dl = DataLoader(tr_ds, batch_size=cfg.batch_size, shuffle=True, drop_last=True)
    va_dl = DataLoader(va_ds, batch_size=cfg.batch_size * 2)

    model = TabularNet(cards, x_num.shape[1], cfg.hidden, cfg.dropout)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    crit = nn.BCEWithLogitsLoss()

    best_auc, oof = -1.0, None
    for epoch in range(cfg.epochs):
        model.train()
        total = 0.0
        for xc, xn, yy in tr_dl:
            opt.zero_grad()
            loss = crit(model(xc, xn), yy)
            loss.backward()
            opt.step()
            total += loss.item() * len(yy)
        model.eval()
        preds = []
        with torch.no_grad():
            for xc, xn, _ in va_dl:
                preds.append(torch.sigmoid(model(xc, xn)).numpy())
        preds = np.concatenate(preds)
        auc = roc_auc(y[va_idx], preds)
        print(f"fold {fold} epoch {epoch} loss {total / len(tr_ds):.4f} val_auc {auc:.4f}")
        if auc > best_auc:
            best_auc, oof = auc, preds
            torch.save(model.state_dict(), cfg.out_dir / f"tabnet_fold{fold}.pt")
    return best_auc, oof


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--folds", type=int, default=None)
    parser.add_argument("--epochs", type=int, default=None)
    args = parser.parse_args()

    cfg = Config()
    if args.folds:
        cfg.n_folds = args.folds
    if args.epochs:
        cfg.epochs = args.epochs
    seed_everything(cfg.seed)
    cfg.out_dir.mkdir(parents=True, exist_ok=True)

    train_csv = cfg.data_dir / "train.csv"
    if not train_csv.exists():
        write_synthetic_csv(train_csv, cfg.n_rows, seed=cfg.seed)
    rows = read_rows(train_csv)
    x_cat, x_num, y, cards = build_features(rows, cfg.cat_cols, cfg.num_cols, cfg.target)
    print(f"rows={len(rows)} cat_cards={cards}")

    oof = np.zeros(len(y), dtype=np.float32)
    scores = []
    for fold, va_idx in enumerate(kfold_indices(len(y), cfg.n_folds, cfg.seed)):
        tr_idx = np.setdiff1d(np.arange(len(y)), va_idx)
        auc, fold_oof = run_fold(cfg, fold, tr_idx, va_idx, x_cat, x_num, y, cards)
        oof[va_idx] = fold_oof
        scores.append(auc)
    print(f"CV AUC {np.mean(scores):.4f} +- {np.std(scores):.4f}  OOF AUC {roc_auc(y, oof):.4f}")


if __name__ == "__main__":
    main()
