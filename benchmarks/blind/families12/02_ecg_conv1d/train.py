import argparse

import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader

from ecgnet import ECGNet, SyntheticECG


def evaluate(model, loader):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for x, y in loader:
            correct += (model(x).argmax(-1) == y).sum().item()
            total += y.numel()
    return correct / total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="configs/base.yaml")
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    dc, mc, tc = cfg["data"], cfg["model"], cfg["train"]

    torch.manual_seed(tc["seed"])
    train_ds = SyntheticECG(dc["n_train"], dc["seq_len"], dc["n_leads"], dc["n_classes"], seed=1)
    val_ds = SyntheticECG(dc["n_val"], dc["seq_len"], dc["n_leads"], dc["n_classes"], seed=2)
    train_dl = DataLoader(train_ds, batch_size=tc["batch_size"], shuffle=True, drop_last=True)
    val_dl = DataLoader(val_ds, batch_size=tc["batch_size"])

    model = ECGNet(dc["n_leads"], dc["n_classes"], channels=mc["channels"],
                   kernel_size=mc["kernel_size"], pool_out=mc["pool_out"])
    opt = torch.optim.AdamW(model.parameters(), lr=tc["lr"])

    for epoch in range(tc["epochs"]):
        model.train()
        running = 0.0
        for step, (x, y) in enumerate(train_dl):
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
        print(f"epoch {epoch + 1}: loss={running / (step + 1):.4f} val_acc={evaluate(model, val_dl):.3f}")


if __name__ == "__main__":
    main()
