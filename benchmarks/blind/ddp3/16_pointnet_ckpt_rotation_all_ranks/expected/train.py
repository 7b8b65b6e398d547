import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from pointcls.checkpoints import CheckpointManager
from pointcls.pointnet import PointNetLite
from pointcls.shapes import ShapeClouds


def train(args):
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)

    ds = ShapeClouds()
    sampler = DistributedSampler(ds)
    loader = DataLoader(ds, batch_size=24, sampler=sampler)
    model = DDP(PointNetLite())
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    ckpt = CheckpointManager(args.ckpt_dir, keep_last=args.keep_last)

    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        correct = torch.zeros(2)
        for pts, y in loader:
            logits = model(pts)
            loss = F.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            correct += torch.tensor([(logits.argmax(1) == y).sum().item(), len(y)])
        dist.all_reduce(correct)
        if rank == 0:
            print(f"epoch {epoch}: loss {loss.item():.3f} acc {correct[0] / correct[1]:.3f}", flush=True)
            ckpt.save(model, opt, epoch)
        dist.barrier()

    dist.destroy_process_group()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=20)
    p.add_argument("--keep-last", type=int, default=3)
    p.add_argument("--ckpt-dir", default="checkpoints")
    train(p.parse_args())
    gc.collect()
