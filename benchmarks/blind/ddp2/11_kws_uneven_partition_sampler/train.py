import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader

from kws.feats import FbankUtterances, pad_collate
from kws.model import ConvPoolKWS
from kws.partition import PartitionedBucketSampler


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=25)
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(0)
    ds = FbankUtterances()
    sampler = PartitionedBucketSampler(ds.lengths, args.batch_size, rank, world)
    loader = DataLoader(ds, batch_sampler=sampler, collate_fn=pad_collate)
    model = DDP(ConvPoolKWS())
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)

    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        for it, (x, lens, y) in enumerate(loader):
            loss = F.cross_entropy(model(x, lens), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"[rank {rank}] epoch {epoch} done after {it + 1} batches, last loss {loss.item():.3f}",
              flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
