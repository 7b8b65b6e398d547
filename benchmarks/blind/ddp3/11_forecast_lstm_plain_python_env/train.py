import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, DistributedSampler

from forecast.distributed import cleanup, init_distributed
from forecast.model import Forecaster
from forecast.series import LoadWindows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--batch-size", type=int, default=64)
    args = ap.parse_args()

    rank, world_size, _ = init_distributed()
    torch.manual_seed(0)
    ds = LoadWindows()
    sampler = DistributedSampler(ds, num_replicas=world_size, rank=rank)
    loader = DataLoader(ds, batch_size=args.batch_size, sampler=sampler)
    model = DDP(Forecaster())
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)

    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        tot, n = 0.0, 0
        for x, y in loader:
            loss = F.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot, n = tot + loss.item(), n + 1
        stat = torch.tensor([tot, n])
        dist.all_reduce(stat)
        if rank == 0:
            print(f"epoch {epoch}: mse {stat[0] / stat[1]:.4f}", flush=True)
    cleanup()


if __name__ == "__main__":
    main()
    gc.collect()
