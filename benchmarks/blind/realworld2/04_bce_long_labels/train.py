import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from src.data import ChurnDataset, make_churn_table
from src.model import ChurnClassifier
from src.trainer import Trainer


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="config.yaml")
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)

    torch.manual_seed(0)
    X, y = make_churn_table(cfg["data"]["n_samples"], cfg["data"]["n_features"])
    n_val = int(len(X) * cfg["data"]["val_fraction"])
    train_ds = ChurnDataset(X[n_val:], y[n_val:])
    val_ds = ChurnDataset(X[:n_val], y[:n_val])
    train_loader = DataLoader(train_ds, batch_size=cfg["train"]["batch_size"], shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=cfg["train"]["batch_size"])

    model = ChurnClassifier(cfg["data"]["n_features"], cfg["model"]["hidden"])
    Trainer(model, train_loader, val_loader, cfg["train"]["lr"]).fit(cfg["train"]["epochs"])


if __name__ == "__main__":
    main()
