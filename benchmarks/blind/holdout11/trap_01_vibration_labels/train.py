import json
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from condition.dataio import read_annotations, split_by_machine
from condition.net import build_mlp

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    with open(os.path.join(HERE, "config.json")) as f:
        cfg = json.load(f)
    torch.manual_seed(cfg["seed"])
    x, y, machines = read_annotations(os.path.join(HERE, cfg["data_path"]), cfg["feature_columns"],
                                      cfg["label_column"], cfg["classes"])
    train_ds, val_ds, (mean, std) = split_by_machine(x, y, machines, cfg["val_machines"])
    train_dl = DataLoader(train_ds, batch_size=cfg["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=256)

    model = build_mlp(len(cfg["feature_columns"]), cfg["hidden"], len(cfg["classes"]))
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        model.train()
        for xb, yb in train_dl:
            loss = F.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            correct = sum((model(xb).argmax(1) == yb).sum().item() for xb, yb in val_dl)
        print(f"epoch {epoch}: loss {loss.item():.3f} val acc {correct / len(val_ds):.3f}")

    os.makedirs(os.path.join(HERE, cfg["model_dir"]), exist_ok=True)
    torch.save({"model": model.state_dict(), "mean": mean, "std": std, "classes": cfg["classes"]},
               os.path.join(HERE, cfg["model_dir"], "condition_mlp.pt"))


if __name__ == "__main__":
    main()
