"""Linear probe on cached, frozen encoder embeddings (see extract_features.py)."""
import os

import numpy as np
import torch
import torch.nn as nn
import yaml
from torch.utils.data import DataLoader, TensorDataset


def load_split(cache_dir, split):
    emb = np.load(os.path.join(cache_dir, f"{split}_emb.npy"))
    labels = np.load(os.path.join(cache_dir, f"{split}_labels.npy"))
    return TensorDataset(torch.from_numpy(emb), torch.from_numpy(labels))


def main():
    with open("config.yaml") as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(cfg["seed"])
    train_ds = load_split(cfg["cache_dir"], "train")
    val_ds = load_split(cfg["cache_dir"], "val")
    train_dl = DataLoader(train_ds, batch_size=cfg["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=cfg["batch_size"])

    probe = nn.Linear(cfg["embed_dim"], cfg["num_classes"])
    opt = torch.optim.SGD(probe.parameters(), lr=cfg["lr"], momentum=0.9)
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(cfg["epochs"]):
        for emb, y in train_dl:
            loss = loss_fn(probe(emb), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            acc = sum((probe(e).argmax(1) == y).sum().item() for e, y in val_dl) / len(val_ds)
        print(f"epoch {epoch}: loss {loss.item():.4f} val_acc {acc:.3f}")


if __name__ == "__main__":
    main()
