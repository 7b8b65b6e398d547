"""Train a siamese embedder for offline signature verification (synthetic features)."""
import argparse
import torch
from torch.utils.data import DataLoader

from sigver.data.pairs import SignaturePairs
from sigver.models.embedder import SigEmbedder
from sigver.losses import ContrastiveLoss


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--margin", type=float, default=2.0)
    args = p.parse_args()

    torch.manual_seed(0)
    ds = SignaturePairs(n_writers=40, per_writer=12, dim=48, n_pairs=2048, seed=0)
    dl = DataLoader(ds, batch_size=args.batch_size, shuffle=True)

    net = SigEmbedder(in_dim=48, emb_dim=16)
    crit = ContrastiveLoss(margin=args.margin)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)

    for epoch in range(1, args.epochs + 1):
        tot, n = 0.0, 0
        for step, (a, b, same) in enumerate(dl):
            ea, eb = net(a), net(b)
            loss = crit(ea, eb, same)
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot += loss.item(); n += 1
            if step % 10 == 0:
                print(f"epoch {epoch} step {step:3d} loss={loss.item():.4f}")
        print(f"==> epoch {epoch} mean loss={tot / n:.4f}")


if __name__ == "__main__":
    main()
