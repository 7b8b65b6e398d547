import argparse
from functools import partial

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, random_split

from gnn.data import TwoCommunityGraphs
from gnn.model import GraphClassifier


def step(model, batch, optimizer=None):
    x, adj, mask, y = batch
    logits = model(x, adj, mask)
    loss = F.cross_entropy(logits, y)
    if optimizer is not None:
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.item(), (logits.argmax(-1) == y).float().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dims", type=int, nargs="+", default=[8, 32, 32, 2])
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--bs", type=int, default=32)
    ap.add_argument("--lr", type=float, default=5e-3)
    args = ap.parse_args()

    torch.manual_seed(0)
    ds = TwoCommunityGraphs(feat_dim=args.dims[0])
    train_ds, test_ds = random_split(ds, [240, 60])
    make_loader = partial(DataLoader, batch_size=args.bs)
    train_dl, test_dl = make_loader(train_ds, shuffle=True), make_loader(test_ds)

    model = GraphClassifier(args.dims)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr, weight_decay=5e-4)

    for epoch in range(args.epochs):
        model.train()
        tr = [step(model, b, optimizer) for b in train_dl]
        model.eval()
        with torch.no_grad():
            te = [step(model, b) for b in test_dl]
        print(f"epoch {epoch:02d} train_loss {sum(l for l, _ in tr) / len(tr):.4f} "
              f"test_acc {sum(a for _, a in te) / len(te):.3f}")


if __name__ == "__main__":
    main()
