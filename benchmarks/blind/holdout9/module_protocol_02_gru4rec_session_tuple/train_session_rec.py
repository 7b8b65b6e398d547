import argparse
from pathlib import Path

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from sessrec.sessions import simulate_sessions, NextItemPrefixes
from sessrec.models.gru4rec import GRU4Rec
from sessrec.metrics import hit_rate_and_mrr

N_ITEMS = 500
MAX_LEN = 12


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--out", default=str(Path(__file__).resolve().parent / "runs" / "gru4rec.pt"))
    args = p.parse_args()

    torch.manual_seed(0)
    sessions = simulate_sessions(n_items=N_ITEMS, max_len=MAX_LEN)
    cut = int(0.9 * len(sessions))
    train_ds = NextItemPrefixes(sessions[:cut], MAX_LEN)
    test_ds = NextItemPrefixes(sessions[cut:], MAX_LEN)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    test_dl = DataLoader(test_ds, batch_size=256)

    model = GRU4Rec(N_ITEMS)
    opt = torch.optim.Adagrad(model.parameters(), lr=0.05)
    for epoch in range(args.epochs):
        for prefixes, targets in train_dl:
            loss = F.cross_entropy(model(prefixes), targets)
            opt.zero_grad()
            loss.backward()
            opt.step()
        hr, mrr = hit_rate_and_mrr(model, test_dl)
        print(f"epoch {epoch + 1}: loss {loss.item():.3f} HR@20 {hr:.3f} MRR@20 {mrr:.3f}")

    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    torch.save(model.state_dict(), args.out)


if __name__ == "__main__":
    main()
