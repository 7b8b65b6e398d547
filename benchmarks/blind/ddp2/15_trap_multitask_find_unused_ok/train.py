import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

from mtl.model import SharedEncoderMTL
from mtl.tasks import rating_batch, topic_batch

TASKS = ["topic", "rating"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--batch-size", type=int, default=32)
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    # only one task head takes part in each step (round-robin over tasks)
    model = DDP(SharedEncoderMTL(), find_unused_parameters=True)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    g = torch.Generator().manual_seed(100 + rank)      # different data per rank

    for step in range(args.steps):
        task = TASKS[step % len(TASKS)]                # same task on every rank
        if task == "topic":
            x, y = topic_batch(g, args.batch_size, 16)
            loss = F.cross_entropy(model(x, task), y)
        else:
            x, y = rating_batch(g, args.batch_size, 16)
            loss = F.mse_loss(model(x, task).squeeze(-1), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if rank == 0 and step % 10 in (0, 1):
            print(f"step {step:3d} [{task:6s}] loss {loss.item():.4f}")

    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
