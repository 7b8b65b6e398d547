import argparse

import torch

from forecast.data import build_loaders
from forecast.engine import evaluate, train_epoch
from forecast.model import GRUForecaster


def parse():
    ap = argparse.ArgumentParser(description="multi-step forecasting with a GRU encoder")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch-size", type=int, default=8)
    ap.add_argument("--accum-steps", type=int, default=4, help="micro-batches per optimizer step")
    ap.add_argument("--window", type=int, default=24)
    ap.add_argument("--horizon", type=int, default=8)
    ap.add_argument("--hidden", type=int, default=48)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--clip", type=float, default=0.5)
    ap.add_argument("--amp", default="bf16", choices=["off", "bf16", "fp16"])
    return ap.parse_args()


def main():
    args = parse()
    torch.manual_seed(11)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    train_dl, val_dl = build_loaders(args.window, args.horizon, args.batch_size)
    model = GRUForecaster(1, args.hidden, args.horizon).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    scaler = torch.amp.GradScaler(device.type, enabled=args.amp != "off")
    for epoch in range(args.epochs):
        tr = train_epoch(model, train_dl, optimizer, scaler, device, args)
        va = evaluate(model, val_dl, device, args)
        print(f"epoch {epoch}: train loss={tr:.5f} val mae={va:.5f}")


if __name__ == "__main__":
    main()
