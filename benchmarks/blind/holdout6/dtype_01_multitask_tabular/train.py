import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))

from mtl.data import make_loaders  # noqa: E402
from mtl.losses import MultiTaskLoss  # noqa: E402
from mtl.model import ModelEMA, SharedBottom  # noqa: E402
from mtl.preprocess import write_synthetic_csv  # noqa: E402


def get_parser():
    p = argparse.ArgumentParser("shared-bottom multi-task model for churn + spend")
    p.add_argument("--data", default="data/customers.csv")
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--depth", type=int, default=2)
    p.add_argument("--dropout", type=float, default=0.1)
    p.add_argument("--accum-steps", type=int, default=2)
    p.add_argument("--ema-decay", type=float, default=0.99)
    p.add_argument("--spend-weight", type=float, default=0.5)
    p.add_argument("--autocast", action="store_true")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--ckpt", default="checkpoints/mtl_ema.pt")
    return p


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct = n = 0
    mae = 0.0
    for x, y in loader:
        out = model(x)
        correct += (out["churn"].argmax(-1) == y["churn"]).sum().item()
        mae += (out["spend"].squeeze(-1) - y["spend"]).abs().sum().item()
        n += x.size(0)
    return correct / n, mae / n


def main(argv=None):
    args = get_parser().parse_args(argv)
    torch.manual_seed(args.seed)
    if not os.path.exists(args.data):
        write_synthetic_csv(args.data)
    train_dl, val_dl, in_dim = make_loaders(args.data, args.batch_size, seed=args.seed)

    model = SharedBottom(in_dim, args.hidden, args.depth, args.dropout)
    ema = ModelEMA(model, args.ema_decay)
    criterion = MultiTaskLoss({"churn": 1.0, "spend": args.spend_weight})
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        model.train()
        opt.zero_grad()
        for step, (x, y) in enumerate(train_dl):
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.autocast):
                out = model(x)
            loss, parts = criterion({k: v.float() for k, v in out.items()}, y)
            (loss / args.accum_steps).backward()
            if (step + 1) % args.accum_steps == 0 or step + 1 == len(train_dl):
                opt.step()
                opt.zero_grad()
                ema.update(model)
        acc, mae = evaluate(ema.ema, val_dl)
        print(f"epoch {epoch} | last loss {loss.item():.4f} {parts} | ema val acc {acc:.3f} mae {mae:.3f}")

    os.makedirs(os.path.dirname(args.ckpt), exist_ok=True)
    torch.save({"model": model.state_dict(), "ema": ema.ema.state_dict(), "args": vars(args)}, args.ckpt)


if __name__ == "__main__":
    main()
