import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from churn.ckpt import load_for_resume, save_last
from churn.data import make_customers
from churn.model import ChurnMLP


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--resume", default="")
    ap.add_argument("--ckpt", default="checkpoints/last.pt")
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    ds = make_customers()
    sampler = DistributedSampler(ds, seed=0)
    dl = DataLoader(ds, batch_size=args.batch_size, sampler=sampler, drop_last=True)
    model = DDP(ChurnMLP())
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)

    start_epoch = 0
    if args.resume:
        start_epoch = load_for_resume(args.resume, model, opt)
        if rank == 0:
            print(f"resumed from {args.resume} at epoch {start_epoch}", flush=True)

    for epoch in range(start_epoch, args.epochs):
        sampler.set_epoch(epoch)
        for x, y in dl:
            loss = F.binary_cross_entropy_with_logits(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            print(f"epoch {epoch} loss {loss.item():.4f}", flush=True)
            save_last(args.ckpt, model, opt, epoch)
        dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
