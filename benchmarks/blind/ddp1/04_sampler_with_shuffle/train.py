import argparse
import gc
import os

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP

from data.loaders import get_loaders
from models.cnn import SmallCNN
from utils.metrics import accuracy

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=3)
parser.add_argument("--batch-size", type=int, default=32)
parser.add_argument("--lr", type=float, default=0.01)
parser.add_argument("--n-train", type=int, default=1280)
parser.add_argument("--n-val", type=int, default=256)


def main(args):
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    world_size = dist.get_world_size()
    torch.manual_seed(0)

    train_loader, val_loader, train_sampler = get_loaders(args, rank, world_size)
    model = DDP(SmallCNN())
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)

    for epoch in range(args.epochs):
        train_sampler.set_epoch(epoch)
        for i, (x, y) in enumerate(train_loader):
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            if rank == 0 and i % 10 == 0:
                print(f"epoch {epoch} iter {i} loss {loss.item():.4f}", flush=True)
        acc = accuracy(model, val_loader)
        if rank == 0:
            print(f"epoch {epoch} val acc {acc:.3f}", flush=True)


if __name__ == "__main__":
    main(parser.parse_args())
    dist.destroy_process_group()
    gc.collect()
