import argparse

import torch
import torch.nn.functional as F

from recsys.data import make_loader, simulate_sessions
from recsys.model import GRU4Rec


def recall_at_k(logits, target, k=20):
    topk = logits.topk(k, dim=1).indices
    return (topk == target[:, None]).any(1).float().sum().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n-items", type=int, default=500)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=64)
    args = ap.parse_args()

    torch.manual_seed(0)
    sessions = simulate_sessions(800, args.n_items, seed=0)
    train_loader = make_loader(sessions[:640], args.batch_size, shuffle=True)
    val_loader = make_loader(sessions[640:], 128, shuffle=False)

    model = GRU4Rec(args.n_items)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for epoch in range(args.epochs):
        model.train()
        for batch in train_loader:
            loss = F.cross_entropy(model(batch["items"]), batch["target"])
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        hits = 0
        with torch.no_grad():
            for batch in val_loader:
                hits += recall_at_k(model(batch["items"]), batch["target"])
        print(f"epoch {epoch}: loss {loss.item():.3f} recall@20 {hits / 160:.3f}")


if __name__ == "__main__":
    main()
