import argparse
import gc
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel as DDP

from mtl.data import make_task_data, task_loss
from mtl.model import MultiTaskNet


def worker(rank, world, args):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = "29671"
    dist.init_process_group("gloo", rank=rank, world_size=world)
    torch.manual_seed(0)

    data = {t: make_task_data(t) for t in MultiTaskNet.TASKS}
    # each rank takes its half of every task's data
    shards = {t: (x[rank::world], y[rank::world]) for t, (x, y) in data.items()}

    # heads of the tasks not in the current batch are unused in that iteration -> required
    model = DDP(MultiTaskNet(), find_unused_parameters=True)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    bs = 16
    n_steps = len(shards["activity"][0]) // bs

    for epoch in range(args.epochs):
        totals = torch.zeros(len(MultiTaskNet.TASKS))
        for step in range(n_steps):
            for k, task in enumerate(MultiTaskNet.TASKS):  # same task order on every rank
                x, y = shards[task]
                xb, yb = x[step * bs:(step + 1) * bs], y[step * bs:(step + 1) * bs]
                loss = task_loss(task, model(xb, task), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
                totals[k] += loss.item()
        dist.all_reduce(totals)
        if rank == 0:
            msg = ", ".join(f"{t}={v / (n_steps * world):.3f}" for t, v in zip(MultiTaskNet.TASKS, totals))
            print(f"epoch {epoch}: {msg}", flush=True)

    dist.destroy_process_group()
    gc.collect()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--world-size", type=int, default=2)
    args = ap.parse_args()
    mp.spawn(worker, args=(args.world_size, args), nprocs=args.world_size, join=True)
