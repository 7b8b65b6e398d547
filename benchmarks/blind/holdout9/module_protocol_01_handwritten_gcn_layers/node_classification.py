import argparse

import torch
import torch.nn.functional as F

from gnn.graph import citation_like_graph, normalized_adjacency, split_masks
from gnn.model import GCN


def accuracy(logits, y, mask):
    return (logits[mask].argmax(1) == y[mask]).float().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hidden", type=int, nargs="+", default=[32, 16])
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--steps-per-epoch", type=int, default=50)
    ap.add_argument("--lr", type=float, default=0.01)
    args = ap.parse_args()

    torch.manual_seed(0)
    x, adj, y = citation_like_graph()
    a_hat = normalized_adjacency(adj)
    train_mask, val_mask, test_mask = split_masks(len(y))

    model = GCN(x.size(1), args.hidden, int(y.max()) + 1)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr, weight_decay=5e-4)

    for epoch in range(args.epochs):
        model.train()
        for _ in range(args.steps_per_epoch):
            logits = model(x, a_hat)
            loss = F.cross_entropy(logits[train_mask], y[train_mask])
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            logits = model(x, a_hat)
        print(f"epoch {epoch + 1}: loss {loss.item():.3f} val {accuracy(logits, y, val_mask):.3f} "
              f"test {accuracy(logits, y, test_mask):.3f}")


if __name__ == "__main__":
    main()
