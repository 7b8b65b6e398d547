import argparse
import json

import torch
from torch.utils.data import DataLoader

from leafnet.dataset import LeafSpots
from leafnet.resnet import LeafResNet
from leafnet.loop import train_one_epoch, evaluate


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/leaf_resnet.json")
    cfg = json.load(open(ap.parse_args().config))
    d, o = cfg["data"], cfg["optim"]
    torch.manual_seed(d["seed"])
    train_ds = LeafSpots(d["n_train"], d["image_size"], d["n_classes"], d["seed"])
    val_ds = LeafSpots(d["n_val"], d["image_size"], d["n_classes"], d["seed"] + 100)
    train_dl = DataLoader(train_ds, batch_size=cfg["batch_size"], shuffle=True, drop_last=True)
    val_dl = DataLoader(val_ds, batch_size=cfg["eval_batch_size"])
    model = LeafResNet(d["n_classes"], **cfg["model"])
    opt = torch.optim.SGD(model.parameters(), lr=o["lr"], momentum=o["momentum"], weight_decay=o["weight_decay"])
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=o["epochs"])
    print(f"{cfg['experiment']}: effective batch {cfg['batch_size'] * cfg['accum_steps']}")
    for epoch in range(o["epochs"]):
        loss = train_one_epoch(model, train_dl, opt, cfg["accum_steps"])
        sched.step()
        acc = evaluate(model, val_dl)
        print(f"epoch {epoch} loss {loss:.4f} val_acc {acc:.3f}")
        torch.save({"epoch": epoch, "model": model.state_dict(), "optim": opt.state_dict()}, cfg["checkpoint"])


if __name__ == "__main__":
    main()
