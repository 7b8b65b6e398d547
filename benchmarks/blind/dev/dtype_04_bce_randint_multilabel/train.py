import sys

import torch
import yaml
from torch.nn import Dropout, Linear, Module, ModuleList, functional as F
from torch.utils.data import DataLoader

from data import build_datasets


class Tagger(Module):
    def __init__(self, in_dim, hidden, n_tags, dropout):
        super().__init__()
        dims = [in_dim] + list(hidden)
        self.layers = ModuleList(Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.drop = Dropout(dropout)
        self.out = Linear(dims[-1], n_tags)

    def forward(self, x):
        for layer in self.layers:
            x = self.drop(F.relu(layer(x)))
        return self.out(x)


def micro_f1(logits, targets, threshold):
    pred = (torch.sigmoid(logits) > threshold).float()
    targets = targets.float()
    tp = (pred * targets).sum()
    fp = (pred * (1 - targets)).sum()
    fn = ((1 - pred) * targets).sum()
    return (2 * tp / (2 * tp + fp + fn + 1e-8)).item()


def main(cfg_path="config.yaml"):
    with open(cfg_path) as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(0)
    train_ds, val_ds = build_datasets(cfg["data"])
    train_dl = DataLoader(train_ds, batch_size=cfg["train"]["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=cfg["train"]["batch_size"])

    model = Tagger(cfg["data"]["in_dim"], cfg["model"]["hidden"], cfg["data"]["n_tags"], cfg["model"]["dropout"])
    opt = torch.optim.Adam(model.parameters(), **cfg["optim"])

    for epoch in range(cfg["train"]["epochs"]):
        model.train()
        for x, y in train_dl:
            loss = F.binary_cross_entropy_with_logits(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            logits, targets = zip(*[(model(x), y) for x, y in val_dl])
            f1 = micro_f1(torch.cat(logits), torch.cat(targets), cfg["train"]["threshold"])
        print(f"epoch {epoch}: last loss {loss.item():.4f}, val micro-F1 {f1:.3f}")


if __name__ == "__main__":
    main(*sys.argv[1:])
