import argparse
import json

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from har.dataset import HARWindows
from har.model import HARConvNet


def run(cfg):
    torch.manual_seed(cfg["seed"])
    train_loader = DataLoader(HARWindows(cfg["n_train"], seed=0), batch_size=cfg["batch_size"], shuffle=True)
    val_loader = DataLoader(HARWindows(cfg["n_val"], seed=1), batch_size=cfg["batch_size"])
    model = HARConvNet()
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    crit = nn.CrossEntropyLoss()
    for epoch in range(cfg["epochs"]):
        model.train()
        losses = []
        for xb, yb in train_loader:
            opt.zero_grad()
            loss = crit(model(xb), yb)
            loss.backward()
            opt.step()
            losses.append(loss.item())
        model.eval()
        with torch.no_grad():
            acc = sum((model(xb).argmax(1) == yb).sum().item() for xb, yb in val_loader) / cfg["n_val"]
        print(json.dumps({"epoch": epoch, "loss": round(sum(losses) / len(losses), 4), "val_acc": round(acc, 3)}))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.json")
    args = ap.parse_args()
    with open(args.config) as f:
        run(json.load(f))
