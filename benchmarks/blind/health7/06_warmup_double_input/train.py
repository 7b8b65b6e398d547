import argparse

import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader, random_split

from har.dataset import IMUWindows, simulate_imu
from har.model import ConvNet1D
from har.schedule import warmup_cosine


def run(cfg):
    torch.manual_seed(cfg["seed"])
    d, o = cfg["data"], cfg["optim"]
    sig, lab = simulate_imu(d["n_windows"], d["channels"], d["window"], d["n_classes"], cfg["seed"])
    full = IMUWindows(sig, lab)
    n_val = len(full) // 4
    train_set, val_set = random_split(full, [len(full) - n_val, n_val],
                                      generator=torch.Generator().manual_seed(cfg["seed"]))
    train_loader = DataLoader(train_set, batch_size=o["batch_size"], shuffle=True)
    val_loader = DataLoader(val_set, batch_size=o["batch_size"])

    model = ConvNet1D(d["channels"], d["n_classes"])
    optimizer = torch.optim.AdamW(model.parameters(), lr=o["lr"], weight_decay=o["weight_decay"])
    scheduler = warmup_cosine(optimizer, o["warmup_steps"], o["epochs"] * len(train_loader))

    for epoch in range(o["epochs"]):
        model.train()
        losses = []
        for x, y in train_loader:
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            scheduler.step()
            losses.append(loss.item())
        model.eval()
        correct = 0
        with torch.no_grad():
            for x, y in val_loader:
                correct += (model(x).argmax(1) == y).sum().item()
        print(f"epoch {epoch} train_loss {sum(losses) / len(losses):.4f} "
              f"val_acc {correct / len(val_set):.3f} lr {scheduler.get_last_lr()[0]:.5f}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", "--config", default="config.yaml")
    run(yaml.safe_load(open(ap.parse_args().config)))
