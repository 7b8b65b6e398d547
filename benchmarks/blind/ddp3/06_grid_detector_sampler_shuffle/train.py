import argparse
import gc
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel as DDP

from models.griddet import GridDet, compute_loss
from utils.datasets import SquaresDataset, create_dataloader


def train(rank, opt):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(opt.port)
    backend = "nccl" if torch.cuda.is_available() else "gloo"
    dist.init_process_group(backend=backend, init_method="env://", world_size=opt.workers, rank=rank)
    device = torch.device("cuda", rank) if torch.cuda.is_available() else torch.device("cpu")

    torch.manual_seed(0)
    model = GridDet().to(device)
    model = DDP(model, device_ids=[rank] if device.type == "cuda" else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

    dataset = SquaresDataset()
    dataloader, sampler = create_dataloader(dataset, opt.batch_size, rank, opt.workers)

    for epoch in range(opt.epochs):
        if sampler is not None:
            sampler.set_epoch(epoch)
        model.train()
        mloss = 0.0
        for i, (imgs, targets) in enumerate(dataloader):
            imgs, targets = imgs.to(device), targets.to(device)
            loss = compute_loss(model(imgs), targets)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            mloss = (mloss * i + loss.item()) / (i + 1)
        if rank == 0:
            print("%g/%g  loss %.4f" % (epoch, opt.epochs - 1, mloss), flush=True)

    dist.destroy_process_group()
    gc.collect()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2, help="number of DDP processes")
    parser.add_argument("--port", type=int, default=29633)
    opt = parser.parse_args()
    mp.spawn(train, args=(opt,), nprocs=opt.workers, join=True)
