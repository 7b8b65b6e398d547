import argparse
import json
import os

import numpy as np
import torch
from torch.utils.data import DataLoader

from tabular.dataset import CAT_CARDINALITY, NUM_COLS, ChurnDataset, Standardizer, synth_customers
from tabular.losses import build_loss
from tabular.model import TabularMLP
from tabular.trainer import TabularTrainer

ROOT = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default=os.path.join(ROOT, "config.json"))
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = json.load(f)

    torch.manual_seed(cfg["data"]["seed"])
    cats, num, y = synth_customers(cfg["data"]["n_rows"], cfg["data"]["positive_rate"], cfg["data"]["seed"])
    perm = np.random.default_rng(0).permutation(len(y))
    n_val = int(cfg["data"]["val_frac"] * len(y))
    val_idx, train_idx = perm[:n_val], perm[n_val:]
    scaler = Standardizer().fit(num[train_idx])
    train_ds = ChurnDataset(cats, num, y, train_idx, scaler)
    val_ds = ChurnDataset(cats, num, y, val_idx, scaler)
    print(f"train={len(train_ds)} val={len(val_ds)} pos_rate={y[train_idx].mean():.3f}")

    bs = cfg["optim"]["batch_size"]
    train_loader = DataLoader(train_ds, batch_size=bs, shuffle=True, drop_last=True)
    val_loader = DataLoader(val_ds, batch_size=256)
    mc = cfg["model"]
    model = TabularMLP(list(CAT_CARDINALITY.values()), len(NUM_COLS), mc["emb_dim"], mc["hidden"], mc["dropout"])
    trainer = TabularTrainer(model, build_loss(cfg["loss"]), train_loader, val_loader, cfg["optim"],
                             os.path.join(ROOT, cfg["output_dir"]))
    trainer.fit()
    print(f"best val AUC {trainer.best_auc:.4f}")


if __name__ == "__main__":
    main()
