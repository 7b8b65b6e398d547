import os

import numpy as np
import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader

from birdcall.augment import build_train_transforms
from birdcall.dataset import SpecDataset
from birdcall.model import CallCNN
from birdcall.specs import SPECIES, load_or_create

HERE = os.path.dirname(os.path.abspath(__file__))


def make_loaders(cfg):
    d = cfg["data"]
    x, y = load_or_create(os.path.join(HERE, d["cache"]), d["n_per_class"], d["n_mels"], d["frames"], cfg["seed"])
    perm = np.random.default_rng(cfg["seed"]).permutation(len(y))
    n_val = len(y) // 5
    va, tr = perm[:n_val], perm[n_val:]
    train_ds = SpecDataset(x[tr], y[tr], transform=build_train_transforms(cfg["augment"]))
    valid_ds = SpecDataset(x[va], y[va])
    lc = cfg["loader"]
    common = dict(num_workers=lc["num_workers"], multiprocessing_context=lc["start_method"],
                  persistent_workers=lc["num_workers"] > 0)
    train_dl = DataLoader(train_ds, batch_size=lc["batch_size"], shuffle=True, drop_last=True, **common)
    valid_dl = DataLoader(valid_ds, batch_size=lc["batch_size"] * 2, **common)
    return train_dl, valid_dl


def main():
    with open(os.path.join(HERE, "config.yaml")) as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(cfg["seed"])
    train_dl, valid_dl = make_loaders(cfg)
    model = CallCNN(len(SPECIES))
    opt = torch.optim.Adam(model.parameters(), lr=cfg["optim"]["lr"])
    for epoch in range(cfg["optim"]["epochs"]):
        model.train()
        tot = 0.0
        for x, y in train_dl:
            opt.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
            tot += loss.item()
        model.eval()
        correct = n = 0
        with torch.no_grad():
            for x, y in valid_dl:
                correct += (model(x).argmax(1) == y).sum().item()
                n += len(y)
        print(f"epoch {epoch + 1}: loss {tot / len(train_dl):.3f} val_acc {correct / n:.3f}")
    os.makedirs(os.path.join(HERE, "weights"), exist_ok=True)
    torch.save(model.state_dict(), os.path.join(HERE, "weights", "callcnn.pt"))


if __name__ == "__main__":
    main()
