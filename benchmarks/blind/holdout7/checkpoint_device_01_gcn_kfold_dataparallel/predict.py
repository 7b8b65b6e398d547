import csv
import os

import torch
from torch.utils.data import DataLoader

from gnn.graphs import MoleculeSet
from train_folds import build_model
from utils.checkpoint import load_weights


def predict_ensemble(cfg, root):
    test = MoleculeSet(cfg["n_test_graphs"], cfg["max_nodes"], cfg["node_features"], seed=cfg["seed"] + 1)
    dl = DataLoader(test, batch_size=128)
    preds = torch.zeros(len(test))
    for k in range(cfg["folds"]):
        model = build_model(cfg)
        meta = load_weights(model, os.path.join(root, cfg["ckpt_dir"], f"gcn_fold{k}.pth"))
        model.eval()
        with torch.no_grad():
            preds += torch.cat([model(x, adj, mask) for x, adj, mask, _ in dl]) / cfg["folds"]
        print(f"loaded fold {k} (epoch {meta['epoch']}, rmse {meta['rmse']:.4f})")
    with open(os.path.join(root, cfg["submission"]), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "target"])
        for i, p in enumerate(preds.tolist()):
            w.writerow([i, f"{p:.5f}"])
    rmse = ((preds - test.y) ** 2).mean().sqrt().item()
    print(f"test RMSE (ensemble of {cfg['folds']}): {rmse:.4f}")
