import argparse
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, random_split

from engine.checkpoint import load_weights
from engine.data import spirals
from engine.model import build_mlp
from engine.trainer import Trainer

ROOT = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--out", default=os.path.join(ROOT, "runs", "spiral_mlp"))
    args = ap.parse_args()

    torch.manual_seed(0)
    ds = spirals()
    train_ds, val_ds = random_split(ds, [720, 180], generator=torch.Generator().manual_seed(0))
    train_loader = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=args.batch_size)

    model = build_mlp()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    ckpt_path = os.path.join(args.out, "best.pt")
    trainer = Trainer(model, optimizer, nn.CrossEntropyLoss(), ckpt_path)
    trainer.fit(train_loader, val_loader, args.epochs)

    # reload the best EMA weights into a fresh network for the final report / export
    inference_model = build_mlp()
    ckpt = load_weights(ckpt_path, inference_model)
    acc = trainer.evaluate(val_loader, net=inference_model)
    print(f"best checkpoint (epoch {ckpt['epoch']}): val_acc={acc:.3f}")
    torch.save(inference_model.state_dict(), os.path.join(args.out, "export.pt"))


if __name__ == "__main__":
    main()
