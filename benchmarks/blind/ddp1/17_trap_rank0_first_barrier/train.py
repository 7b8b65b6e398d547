import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

from model.charlm import CharLM
from prep.cache import build_or_load


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache-dir", default="cache")
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--seq", type=int, default=32)
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank = dist.get_rank()
    ids, vocab = build_or_load(args.cache_dir, rank)
    torch.manual_seed(0)
    model = DDP(CharLM(len(vocab)))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    g = torch.Generator().manual_seed(rank)
    for step in range(args.steps):
        starts = torch.randint(0, len(ids) - args.seq - 1, (16,), generator=g)
        x = torch.stack([ids[s:s + args.seq] for s in starts])
        y = torch.stack([ids[s + 1:s + args.seq + 1] for s in starts])
        loss = F.cross_entropy(model(x).reshape(-1, len(vocab)), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if rank == 0 and step % 10 == 0:
            print(f"step {step} loss {loss.item():.3f}", flush=True)


if __name__ == "__main__":
    main()
    dist.destroy_process_group()
    gc.collect()
