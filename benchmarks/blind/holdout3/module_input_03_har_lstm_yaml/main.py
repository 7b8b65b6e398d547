import sys

import torch
import torch.nn as nn
import yaml
from torch.utils.data import DataLoader

from har.data import IMUWindows
from har.model import ActivityLSTM


def main(cfg_file="config.yaml"):
    with open(cfg_file) as fh:
        cfg = yaml.safe_load(fh)
    torch.manual_seed(cfg["seed"])
    dcfg, mcfg, tcfg = cfg["data"], cfg["model"], cfg["train"]

    train_loader = DataLoader(IMUWindows(dcfg["n_train"], dcfg, seed=cfg["seed"]),
                              batch_size=tcfg["batch_size"], shuffle=True, drop_last=True)
    val_loader = DataLoader(IMUWindows(dcfg["n_val"], dcfg, seed=cfg["seed"] + 100),
                            batch_size=tcfg["batch_size"])

    model = ActivityLSTM(mcfg["input_size"], mcfg["hidden_size"], mcfg["num_layers"],
                         len(dcfg["activities"]), mcfg["bidirectional"], mcfg["dropout"])
    optimizer = torch.optim.Adam(model.parameters(), lr=tcfg["lr"])
    loss_fn = nn.CrossEntropyLoss()

    for epoch in range(1, tcfg["epochs"] + 1):
        model.train()
        total = 0.0
        for xb, yb in train_loader:
            optimizer.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), tcfg["clip_grad"])
            optimizer.step()
            total += loss.item()
        model.eval()
        correct = n = 0
        with torch.no_grad():
            for xb, yb in val_loader:
                correct += (model(xb).argmax(-1) == yb).sum().item()
                n += len(yb)
        print(f"epoch {epoch} loss {total / len(train_loader):.3f} val_acc {correct / n:.3f}")


if __name__ == "__main__":
    main(*sys.argv[1:])
