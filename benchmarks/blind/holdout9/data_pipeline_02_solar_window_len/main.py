import argparse
from pathlib import Path

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from solar.simulate import pv_plant
from solar.windows import NextStepWindows
from solar.tcn import TinyTCN

HERE = Path(__file__).resolve().parent


def main():
    ap = argparse.ArgumentParser(description="PV output nowcasting")
    ap.add_argument("--lookback", type=int, default=48)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--ckpt", default=str(HERE / "checkpoints" / "tcn_last.pt"))
    args = ap.parse_args()

    torch.manual_seed(0)
    feats, target = pv_plant()
    split = int(0.8 * len(feats))
    train_ds = NextStepWindows(feats[:split], target[:split], args.lookback)
    val_ds = NextStepWindows(feats[split:], target[split:], args.lookback)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=256)

    model = TinyTCN(feats.shape[1])
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
    loss_fn = nn.SmoothL1Loss(beta=0.05)
    for epoch in range(args.epochs):
        model.train()
        for x, y in train_dl:
            loss = loss_fn(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            mae = torch.cat([(model(x) - y).abs() for x, y in val_dl]).mean().item()
        print(f"epoch {epoch + 1}: train loss {loss.item():.4f} val MAE {mae:.4f}")
        Path(args.ckpt).parent.mkdir(parents=True, exist_ok=True)
        torch.save({"epoch": epoch, "model": model.state_dict(), "opt": opt.state_dict()}, args.ckpt)


if __name__ == "__main__":
    main()
