"""Train a dense GCN on synthetic molecule graphs."""
import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from graphs.dataset import MoleculeGraphs
from graphs.generate import ATOM_TYPES
from graphs.model import GraphRegressor

HPARAMS = dict(hidden_dims=(64, 64, 32), lr=2e-3, batch_size=32, train_graphs=384, val_graphs=96)


def parse():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    return ap.parse_args()


def main():
    args = parse()
    torch.manual_seed(args.seed)
    train_set = MoleculeGraphs(HPARAMS["train_graphs"], seed=args.seed)
    val_set = MoleculeGraphs(HPARAMS["val_graphs"], seed=args.seed + 1)
    train_loader = DataLoader(train_set, batch_size=HPARAMS["batch_size"], shuffle=True)
    val_loader = DataLoader(val_set, batch_size=HPARAMS["batch_size"])

    model = GraphRegressor(ATOM_TYPES + 2, HPARAMS["hidden_dims"])
    opt = torch.optim.Adam(model.parameters(), lr=HPARAMS["lr"])
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)

    for epoch in range(args.epochs):
        model.train()
        for step, (x, adj, mask, y) in enumerate(train_loader):
            pred = model(x, adj, mask)
            loss = F.mse_loss(pred, y)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            if step % 4 == 0:
                print(f"epoch {epoch} step {step:3d} mse {loss.item():.4f}")
        sched.step()

        model.eval()
        with torch.no_grad():
            mae = sum(F.l1_loss(model(x, a, m), y, reduction="sum").item() for x, a, m, y in val_loader)
        print(f"epoch {epoch} val MAE {mae / len(val_set):.4f}")


if __name__ == "__main__":
    main()
