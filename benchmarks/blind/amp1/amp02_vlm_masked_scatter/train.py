import argparse
import random

import torch

from vlm.data import CaptionDataset, collate
from vlm.engine import train_one_epoch, evaluate
from vlm.model import TinyVLM

CONFIG = {
    "model": {"dim": 32, "heads": 4, "layers": 2, "patch": 4, "image_size": 16},
    "data": {"train_size": 128, "val_size": 32, "batch_size": 32},
    "optim": {"lr": 1e-3, "weight_decay": 0.01, "clip": 1.0},
    "amp": {"enabled": True, "dtype": "bfloat16"},
    "seed": 1234,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--lr", type=float, default=None)
    args = ap.parse_args()
    cfg = CONFIG
    if args.lr is not None:
        cfg["optim"]["lr"] = args.lr

    random.seed(cfg["seed"])
    torch.manual_seed(cfg["seed"])
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    train_ds = CaptionDataset(cfg["data"]["train_size"], cfg["model"]["image_size"], cfg["model"]["patch"], seed=0)
    val_ds = CaptionDataset(cfg["data"]["val_size"], cfg["model"]["image_size"], cfg["model"]["patch"], seed=1)
    train_dl = torch.utils.data.DataLoader(train_ds, batch_size=cfg["data"]["batch_size"], shuffle=True, collate_fn=collate)
    val_dl = torch.utils.data.DataLoader(val_ds, batch_size=cfg["data"]["batch_size"], collate_fn=collate)

    model = TinyVLM(vocab_size=train_ds.vocab_size, image_token_id=train_ds.image_token_id,
                    **cfg["model"]).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["optim"]["lr"], weight_decay=cfg["optim"]["weight_decay"])

    for epoch in range(args.epochs):
        loss = train_one_epoch(model, train_dl, optimizer, device, cfg)
        val = evaluate(model, val_dl, device, cfg)
        print(f"epoch {epoch} train loss={loss:.4f} val loss={val:.4f}")


if __name__ == "__main__":
    main()
