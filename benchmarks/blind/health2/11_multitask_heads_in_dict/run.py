import argparse

import torch

from mtl.config import get_config
from mtl.data import make_signal_tasks
from mtl.model import MultiTaskConvNet
from mtl.trainer import MultiTaskTrainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=None)
    ap.add_argument("--device", default="cpu")
    opts = ap.parse_args()
    cfg = get_config(epochs=opts.epochs)

    torch.manual_seed(cfg["seed"])
    train_loader, val_loader = make_signal_tasks(cfg)
    model = MultiTaskConvNet(channels=cfg["channels"], tasks=cfg["tasks"]).to(opts.device)
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    trainer = MultiTaskTrainer(model, optimizer, cfg["tasks"], cfg["task_weights"], device=opts.device)

    for epoch in range(cfg["epochs"]):
        stats = trainer.train_epoch(train_loader)
        val = trainer.evaluate(val_loader)
        msg = " ".join(f"{k}={v:.4f}" for k, v in stats.items())
        vmsg = " ".join(f"val_{k}={v:.4f}" for k, v in val.items())
        print(f"epoch {epoch + 1}: {msg} | {vmsg}")


if __name__ == "__main__":
    main()
