import argparse
import json
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from dataset import SyntheticXray
from model import SmallConvNet


def run(cfg_path):
    with open(cfg_path) as f:
        cfg = json.load(f)
    d, m, o = cfg["data"], cfg["model"], cfg["optim"]
    torch.manual_seed(42)

    train_ds = SyntheticXray(d["num_train"], d["image_size"], d["num_classes"], d["grayscale"], seed=1)
    val_ds = SyntheticXray(d["num_val"], d["image_size"], d["num_classes"], d["grayscale"], seed=2)
    train_dl = DataLoader(train_ds, batch_size=o["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=o["batch_size"])

    model = SmallConvNet(m["in_channels"], m["widths"], d["num_classes"], m["dropout"])
    optimizer = torch.optim.Adam(model.parameters(), lr=o["lr"])

    for epoch in range(o["epochs"]):
        model.train()
        for step, (x, y) in enumerate(train_dl):
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            if step % 5 == 0:
                print(f"[{cfg['experiment']}] epoch {epoch} step {step} loss {loss.item():.4f}")

        model.eval()
        hits = 0
        with torch.no_grad():
            for x, y in val_dl:
                hits += (model(x).argmax(1) == y).sum().item()
        print(f"epoch {epoch} val_acc {hits / len(val_ds):.3f}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default=os.path.join("configs", "baseline.json"))
    run(ap.parse_args().config)
