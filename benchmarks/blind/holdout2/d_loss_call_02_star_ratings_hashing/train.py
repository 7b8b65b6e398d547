import os
import sys
import tempfile

import torch
from torch.nn import Dropout, Linear, Module, ReLU, Sequential, functional as F
from torch.utils.data import DataLoader, Subset

from config import CONFIG
from data import ReviewDataset
from make_reviews import write_reviews


class HashedTextClassifier(Module):
    def __init__(self, in_dim, hidden, num_classes, dropout):
        super().__init__()
        self.net = Sequential(Linear(in_dim, hidden), ReLU(), Dropout(dropout), Linear(hidden, num_classes))

    def forward(self, x):
        return self.net(x)


def make_optimizer(params, cfg):
    cfg = dict(cfg)
    name = cfg.pop("name")
    return {"sgd": torch.optim.SGD, "adam": torch.optim.Adam}[name](params, **cfg)


def main(overrides):
    cfg = CONFIG
    for item in overrides:                     # e.g. loop.epochs=2
        key, value = item.split("=")
        section, field = key.split(".")
        cfg[section][field] = type(cfg[section][field])(value)
    dcfg, mcfg, lcfg = cfg["data"], cfg["model"], cfg["loop"]

    torch.manual_seed(0)
    csv_path = os.path.join(tempfile.mkdtemp(), dcfg["csv_name"])
    write_reviews(csv_path, dcfg["n_reviews"])
    ds = ReviewDataset(csv_path, dcfg["ngram"], dcfg["hash_buckets"])
    idx = torch.randperm(len(ds)).tolist()
    cut = int(0.8 * len(ds))
    train_dl = DataLoader(Subset(ds, idx[:cut]), batch_size=lcfg["batch_size"], shuffle=True)
    val_dl = DataLoader(Subset(ds, idx[cut:]), batch_size=lcfg["batch_size"])

    model = HashedTextClassifier(dcfg["hash_buckets"], mcfg["hidden"], mcfg["num_classes"], mcfg["dropout"])
    opt = make_optimizer(model.parameters(), cfg["optim"])

    for epoch in range(lcfg["epochs"]):
        model.train()
        for step, (x, y) in enumerate(train_dl):
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step % lcfg["print_every"] == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.4f}")
        model.eval()
        hits = total = 0
        with torch.no_grad():
            for x, y in val_dl:
                hits += (model(x).argmax(1) == y).sum().item()
                total += len(y)
        print(f"epoch {epoch} val acc {hits / total:.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
