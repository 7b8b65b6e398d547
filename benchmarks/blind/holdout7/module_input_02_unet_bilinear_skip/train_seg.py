import argparse
import json
import time
from pathlib import Path

import torch
import yaml
from torch.utils.data import DataLoader

from datasets import SyntheticBlobs
from losses import BCEDiceLoss, iou_score
from models import UNet

HERE = Path(__file__).resolve().parent


def parse_args():
    p = argparse.ArgumentParser(description="Train a small UNet on synthetic blob masks")
    p.add_argument("--config", default=str(HERE / "configs" / "unet_small.yaml"))
    p.add_argument("--epochs", type=int)
    p.add_argument("--batch-size", type=int)
    return p.parse_args()


def main():
    args = parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    if args.epochs:
        cfg["train"]["epochs"] = args.epochs
    if args.batch_size:
        cfg["train"]["batch_size"] = args.batch_size
    torch.manual_seed(cfg["seed"])

    d = cfg["data"]
    train_ds = SyntheticBlobs(d["n_train"], d["image_size"], d["max_blobs"], d["noise"], seed=cfg["seed"], hflip=True)
    valid_ds = SyntheticBlobs(d["n_valid"], d["image_size"], d["max_blobs"], d["noise"], seed=cfg["seed"] + 100)
    t = cfg["train"]
    train_dl = DataLoader(train_ds, batch_size=t["batch_size"], shuffle=True, drop_last=True)
    valid_dl = DataLoader(valid_ds, batch_size=t["batch_size"])

    model = UNet(**cfg["model"])
    n_params = sum(p.numel() for p in model.parameters())
    print(f"UNet params: {n_params / 1e3:.1f}k")
    criterion = BCEDiceLoss(t["bce_weight"])
    optimizer = torch.optim.Adam(model.parameters(), lr=t["lr"])
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=t["lr"], epochs=t["epochs"],
                                                    steps_per_epoch=len(train_dl))

    out_dir = HERE / cfg["output_dir"] / cfg["experiment"]
    out_dir.mkdir(parents=True, exist_ok=True)
    history = []
    best_iou = 0.0
    for epoch in range(1, t["epochs"] + 1):
        t0 = time.time()
        model.train()
        running = 0.0
        for images, masks in train_dl:
            optimizer.zero_grad(set_to_none=True)
            logits = model(images)
            loss = criterion(logits, masks)
            loss.backward()
            optimizer.step()
            scheduler.step()
            running += loss.item()
        model.eval()
        ious = []
        with torch.no_grad():
            for images, masks in valid_dl:
                ious.append(iou_score(model(images), masks, t["threshold"]))
        val_iou = sum(ious) / len(ious)
        history.append({"epoch": epoch, "loss": running / len(train_dl), "val_iou": val_iou})
        print(f"epoch {epoch}: loss={running / len(train_dl):.4f} val_iou={val_iou:.4f} ({time.time() - t0:.1f}s)")
        if val_iou >= best_iou:
            best_iou = val_iou
            torch.save(model.state_dict(), out_dir / "best.pt")
    (out_dir / "history.json").write_text(json.dumps(history, indent=2))


if __name__ == "__main__":
    main()
