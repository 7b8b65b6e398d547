import argparse
import time

import torch
import torch.nn.functional as F

from regress.data import make_splits
from regress.models.resmlp import ResMLP
from regress.utils.ema import ModelEMA


def evaluate(model, x, y):
    model.eval()
    with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
        return F.mse_loss(model(x).float(), y).item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--bs", type=int, default=64)
    ap.add_argument("--ema-decay", type=float, default=0.995)
    args = ap.parse_args()

    torch.manual_seed(0)
    (xtr, ytr), (xva, yva) = make_splits()
    model = ResMLP(xtr.shape[1], width=128, depth=3)
    ema = ModelEMA(model, decay=args.ema_decay)
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)

    for epoch in range(args.epochs):
        t0 = time.time()
        model.train()
        perm = torch.randperm(len(xtr))
        for i in range(0, len(xtr), args.bs):
            b = perm[i:i + args.bs]
            with torch.autocast("cpu", dtype=torch.bfloat16):
                pred = model(xtr[b])
            loss = F.mse_loss(pred.float(), ytr[b])
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            ema.update(model)
        print(f"epoch {epoch}: train {loss.item():.4f}  val {evaluate(model, xva, yva):.4f}  "
              f"val(ema) {evaluate(ema.module, xva, yva):.4f}  ({time.time() - t0:.1f}s)")
    torch.save({"model": model.state_dict(), "ema": ema.state_dict()}, "last.pt")
    print("saved last.pt")


if __name__ == "__main__":
    main()
