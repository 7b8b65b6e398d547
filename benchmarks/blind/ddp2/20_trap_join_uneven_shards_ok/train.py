import argparse
import contextlib
import gc

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.distributed.algorithms.join import Join
from torch.nn.parallel import DistributedDataParallel as DDP

from logreg.shards import batches, load_shard


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--batch-size", type=int, default=50)
    ap.add_argument("--accum", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=2)
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    x, y = load_shard(rank)
    model = DDP(nn.Linear(x.size(1), 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.5)

    for epoch in range(args.epochs):
        n_batches = 0
        # shards are uneven: ranks that run out of batches "join" and shadow
        # the collectives of the ranks that still have data
        with Join([model]):
            for i, (xb, yb) in enumerate(batches(x, y, args.batch_size)):
                last_of_group = (i + 1) % args.accum == 0
                ctx = contextlib.nullcontext() if last_of_group else model.no_sync()
                with ctx:
                    loss = F.binary_cross_entropy_with_logits(model(xb).squeeze(-1), yb) / args.accum
                    loss.backward()
                if last_of_group:
                    opt.step()
                    opt.zero_grad()
                n_batches += 1
        print(f"[rank {rank}] epoch {epoch}: {n_batches} batches, last loss {loss.item() * args.accum:.4f}",
              flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
