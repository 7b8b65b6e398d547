import argparse
import gc
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from protfam.model import LayerDropEncoder
from protfam.sequences import make_families


def run(rank, world_size, args):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = "29571"
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    torch.manual_seed(0)
    model = LayerDropEncoder(layerdrop=args.layerdrop)
    # layers skipped by LayerDrop get no gradient in that step -> they must be marked unused
    model = DDP(model, find_unused_parameters=True)
    # all ranks draw the same LayerDrop decisions (same seed), so the skipped layers match
    torch.manual_seed(1234)
    ds = make_families()
    sampler = DistributedSampler(ds, seed=0)
    dl = DataLoader(ds, batch_size=32, sampler=sampler, drop_last=True)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        model.train()
        correct = seen = 0
        for x, y in dl:
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            correct += (logits.argmax(1) == y).sum().item()
            seen += len(y)
        if rank == 0:
            print(f"epoch {epoch} loss {loss.item():.3f} acc {correct / seen:.3f}", flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--nprocs", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--layerdrop", type=float, default=0.2)
    ap.add_argument("--lr", type=float, default=2e-3)
    args = ap.parse_args()
    mp.spawn(run, args=(args.nprocs, args), nprocs=args.nprocs, join=True)
    gc.collect()
