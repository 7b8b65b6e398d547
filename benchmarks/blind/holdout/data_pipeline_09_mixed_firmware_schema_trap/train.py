import argparse

import torch
import yaml
from torch import nn
from torch.utils.data import DataLoader

from dataset import FieldExportDataset
from make_data import make


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.yaml")
    ap.add_argument("--epochs", type=int)
    args = ap.parse_args()
    cfg = yaml.safe_load(open(args.config))
    if args.epochs:
        cfg["epochs"] = args.epochs

    torch.manual_seed(0)
    ds = FieldExportDataset(make(cfg["data_root"]))
    loader = DataLoader(ds, batch_size=cfg["batch_size"], shuffle=True)
    model = nn.Sequential(nn.Linear(cfg["n_features"], cfg["hidden"]), nn.ReLU(), nn.Linear(cfg["hidden"], 1))
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    loss_fn = nn.BCEWithLogitsLoss()
    for epoch in range(cfg["epochs"]):
        total = 0.0
        for x, y in loader:
            opt.zero_grad()
            loss = loss_fn(model(x).squeeze(-1), y)
            loss.backward()
            opt.step()
            total += loss.item() * len(y)
        print(f"epoch {epoch}: bce {total / len(ds):.4f}")


if __name__ == "__main__":
    main()
