import copy
import sys

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from conf import CONF
from reviews import build_datasets

OPTIMIZERS = {"adam": torch.optim.Adam, "sgd": torch.optim.SGD}


def parse_overrides(cfg, args):
    cfg = copy.deepcopy(cfg)
    for a in args:
        path, value = a.lstrip("+").split("=", 1)
        *parents, leaf = path.split(".")
        node = cfg
        for p in parents:
            node = node[p]
        node[leaf] = type(node[leaf])(value)
    return cfg


def main():
    cfg = parse_overrides(CONF, sys.argv[1:])
    torch.manual_seed(cfg["experiment"]["seed"])
    train_ds, val_ds = build_datasets(cfg["dataset"], cfg["experiment"]["seed"])

    model = nn.Sequential(
        nn.Linear(len(train_ds.vocab), cfg["model"]["hidden"]),
        nn.ReLU(),
        nn.Dropout(cfg["model"]["dropout"]),
        nn.Linear(cfg["model"]["hidden"], cfg["dataset"]["num_classes"]),
    )
    opt_cfg = dict(cfg["optimizer"])
    optimizer = OPTIMIZERS[opt_cfg.pop("name")](model.parameters(), **opt_cfg)
    criterion = nn.CrossEntropyLoss()

    train_dl = DataLoader(train_ds, batch_size=cfg["loop"]["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=cfg["loop"]["batch_size"])
    print(f"[{cfg['experiment']['name']}] {len(train_ds)} train / {len(val_ds)} val, vocab {len(train_ds.vocab)}")

    for epoch in range(cfg["loop"]["epochs"]):
        model.train()
        for xb, yb in train_dl:
            optimizer.zero_grad()
            loss = criterion(model(xb), yb)
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            val_loss = sum(criterion(model(xb), yb).item() * len(yb) for xb, yb in val_dl) / len(val_ds)
        print(f"epoch {epoch}: train loss {loss.item():.3f} val loss {val_loss:.3f}")


if __name__ == "__main__":
    main()
