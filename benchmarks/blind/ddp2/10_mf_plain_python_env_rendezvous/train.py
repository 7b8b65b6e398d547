import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, RandomSampler
from torch.utils.data.distributed import DistributedSampler

from recsys.data import Interactions
from recsys.model import MF
from utils.distributed import init_distributed_mode, is_main_process


def get_args():
    p = argparse.ArgumentParser("MF training")
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--batch-size", type=int, default=256)
    p.add_argument("--lr", type=float, default=0.05)
    p.add_argument("--dist-backend", default="gloo")
    p.add_argument("--dist-url", default="env://")
    return p.parse_args()


def main(args):
    init_distributed_mode(args)
    torch.manual_seed(0)
    ds = Interactions()
    model = MF(ds.n_users, ds.n_items)
    if args.distributed:
        sampler = DistributedSampler(ds)
        model = DDP(model)
    else:
        sampler = RandomSampler(ds)
    loader = DataLoader(ds, batch_size=args.batch_size, sampler=sampler)
    opt = torch.optim.Adagrad(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        if args.distributed:
            sampler.set_epoch(epoch)
        tot, n = 0.0, 0
        for u, i, y in loader:
            loss = F.binary_cross_entropy_with_logits(model(u, i), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot += loss.item() * len(y)
            n += len(y)
        if is_main_process(args):
            print(f"epoch {epoch}: bce {tot / n:.4f}")

    if args.distributed:
        dist.destroy_process_group()


if __name__ == "__main__":
    main(get_args())
    gc.collect()
