"""Instance discrimination (NPID-style) with a bf16 memory bank, trained under bf16 autocast.

    python main.py --data data/shards --epochs 2
"""
import argparse
import time

import torch

from instdisc.data import load_shards
from instdisc.memory import BF16MemoryBank
from instdisc.model import Embedder
from instdisc.nce import nce_loss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="data/shards")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--bs", type=int, default=128)
    ap.add_argument("--negatives", type=int, default=256)
    ap.add_argument("--tau", type=float, default=0.07)
    args = ap.parse_args()

    torch.manual_seed(0)
    x = load_shards(args.data)                      # verifies every shard against MANIFEST.json
    model = Embedder(x.shape[1], 64)
    bank = BF16MemoryBank(len(x), 64)
    opt = torch.optim.SGD(model.parameters(), lr=0.03, momentum=0.9, weight_decay=5e-4)
    for epoch in range(args.epochs):
        t0 = time.time()
        perm = torch.randperm(len(x))
        for i in range(0, len(x), args.bs):
            idx = perm[i:i + args.bs]
            with torch.autocast("cpu", dtype=torch.bfloat16):
                z = model(x[idx] + 0.1 * torch.randn_like(x[idx]))
                loss = nce_loss(z, bank, idx, args.negatives, args.tau)
            opt.zero_grad()
            loss.backward()
            opt.step()
            bank.update(idx, z.detach())
        print(f"epoch {epoch}: loss {loss.item():.3f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
