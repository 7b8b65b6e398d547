import argparse
import json
import os

import torch

from vitlite import VisionTransformer
from vitlite.data import build_loaders
from vitlite.engine import evaluate, train_one_epoch


def parse_args():
    p = argparse.ArgumentParser(description="Train a tiny ViT on synthetic textures")
    p.add_argument("--config", default="configs/vit_tiny.json")
    p.add_argument("--epochs", type=int, default=None)
    return p.parse_args()


def main():
    args = parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, args.config)) as f:
        cfg = json.load(f)
    if args.epochs is not None:
        cfg["optim"]["epochs"] = args.epochs
    torch.manual_seed(cfg["seed"])

    train_loader, val_loader = build_loaders(cfg)
    model = VisionTransformer.from_config(cfg)
    print(f"params: {sum(p.numel() for p in model.parameters()) / 1e3:.1f}k")

    o = cfg["optim"]
    optimizer = torch.optim.AdamW(model.parameters(), lr=o["lr"], weight_decay=o["weight_decay"])
    scheduler = torch.optim.lr_scheduler.OneCycleLR(
        optimizer, max_lr=o["lr"], total_steps=o["epochs"] * len(train_loader)
    )

    out_dir = os.path.join(here, cfg["output_dir"])
    os.makedirs(out_dir, exist_ok=True)
    best = 0.0
    for epoch in range(o["epochs"]):
        stats = train_one_epoch(model, train_loader, optimizer, scheduler, epoch)
        stats.update(evaluate(model, val_loader))
        print(json.dumps({"epoch": epoch, **stats}))
        if stats["val_acc"] >= best:
            best = stats["val_acc"]
            torch.save(model.state_dict(), os.path.join(out_dir, "best.pt"))
    print(f"best val acc {best:.3f}")


if __name__ == "__main__":
    main()
