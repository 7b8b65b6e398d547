import argparse
import gc

import torch
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from speech.features import fake_mfcc
from speech.net import CmdNet
from speech.utils import checkpoint
from speech.utils.dist import maybe_init, is_dist, barrier


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--bs", type=int, default=32)
    args = ap.parse_args()

    rank, world = maybe_init()
    torch.manual_seed(0)
    ds = fake_mfcc()
    sampler = DistributedSampler(ds) if is_dist() else None
    loader = DataLoader(ds, batch_size=args.bs, sampler=sampler, shuffle=sampler is None)
    model = CmdNet()
    if is_dist():
        model = DDP(model)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)

    for epoch in range(args.epochs):
        if sampler is not None:
            sampler.set_epoch(epoch)
        for x, y in loader:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            path = checkpoint.save(model, opt, epoch)
            print(f"epoch {epoch} loss {loss.item():.4f} -> {path}", flush=True)
        barrier()


if __name__ == "__main__":
    main()
    if is_dist():
        import torch.distributed as dist
        dist.destroy_process_group()
    gc.collect()
