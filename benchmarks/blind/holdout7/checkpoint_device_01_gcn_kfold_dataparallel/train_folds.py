import os

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Subset

from gnn.graphs import MoleculeSet
from gnn.model import GCNRegressor
from utils.checkpoint import save_checkpoint


def build_model(cfg):
    return GCNRegressor(cfg["node_features"], cfg["hidden"], cfg["n_layers"])


def evaluate(model, loader):
    model.eval()
    se, n = 0.0, 0
    with torch.no_grad():
        for x, adj, mask, y in loader:
            se += ((model(x, adj, mask) - y) ** 2).sum().item()
            n += len(y)
    return (se / n) ** 0.5


def train_all_folds(cfg, root):
    ds = MoleculeSet(cfg["n_train_graphs"], cfg["max_nodes"], cfg["node_features"], seed=cfg["seed"])
    folds = np.array_split(np.random.default_rng(cfg["seed"]).permutation(len(ds)), cfg["folds"])
    scores = []
    for k, va_idx in enumerate(folds):
        tr_idx = np.concatenate([f for j, f in enumerate(folds) if j != k])
        tr_dl = DataLoader(Subset(ds, tr_idx), batch_size=cfg["batch_size"], shuffle=True)
        va_dl = DataLoader(Subset(ds, va_idx), batch_size=128)
        model = build_model(cfg)
        if cfg.get("data_parallel"):
            model = nn.DataParallel(model)
        opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
        best = float("inf")
        for epoch in range(cfg["epochs"]):
            model.train()
            for x, adj, mask, y in tr_dl:
                opt.zero_grad()
                loss = nn.functional.mse_loss(model(x, adj, mask), y)
                loss.backward()
                opt.step()
            rmse = evaluate(model, va_dl)
            print(f"fold {k} epoch {epoch}: val_rmse={rmse:.4f}")
            if rmse < best:
                best = rmse
                save_checkpoint(model, os.path.join(root, cfg["ckpt_dir"], f"gcn_fold{k}.pth"),
                                fold=k, epoch=epoch, rmse=rmse)
        scores.append(best)
    print(f"CV RMSE {np.mean(scores):.4f}")
    return scores
