import argparse
import gc

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from common.ddp_setup import ddp_setup, ddp_teardown
from common.nets import autoencoder
from common.sensors import make_windows


def train_one_epoch(model, loader, opt):
    tot = torch.zeros(2)
    for x, _ in loader:
        loss = torch.mean((model(x) - x) ** 2)
        opt.zero_grad()
        loss.backward()
        opt.step()
        tot += torch.tensor([loss.item() * len(x), len(x)])
    dist.all_reduce(tot)
    return (tot[0] / tot[1]).item()


@torch.no_grad()
def score(model, dataset):
    x, y = dataset.tensors
    err = ((model(x) - x) ** 2).mean(1)
    thr = err.quantile(0.95)
    flagged = err > thr
    recall = (flagged & (y == 1)).sum().item() / max((y == 1).sum().item(), 1)
    return recall


def main(rank, world_size, epochs, batch_size):
    ddp_setup(rank, world_size)
    torch.manual_seed(0)
    dataset = make_windows()
    loader = DataLoader(dataset, batch_size=batch_size, sampler=DistributedSampler(dataset), drop_last=True)
    model = DDP(autoencoder())
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for epoch in range(epochs):
        loader.sampler.set_epoch(epoch)
        mse = train_one_epoch(model, loader, opt)
        if rank == 0:
            print(f"epoch {epoch} recon mse {mse:.4f}", flush=True)
    if rank == 0:
        print(f"anomaly recall@5% {score(model.module, dataset):.2f}", flush=True)
    dist.barrier()
    ddp_teardown()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="distributed sensor autoencoder")
    parser.add_argument("world_size", type=int, help="number of processes")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--batch_size", type=int, default=64)
    args = parser.parse_args()
    mp.spawn(main, args=(args.world_size, args.epochs, args.batch_size), nprocs=args.world_size)
    gc.collect()
