import argparse
import gc
import os
import sys

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from spkid.manifest import build_manifest  # noqa: E402
from spkid.model import XVectorLite  # noqa: E402
from spkid.sampling import PartitionedBucketSampler  # noqa: E402


def collate(batch):
    feats, spk = zip(*batch)
    return torch.stack(feats), torch.tensor(spk)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--num-utts", type=int, default=1001)
    ap.add_argument("--batch-size", type=int, default=25)
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--lr", type=float, default=2e-3)
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank, world_size = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(0)

    manifest = build_manifest(args.num_utts)
    sampler = PartitionedBucketSampler(manifest, args.batch_size, world_size=world_size, rank=rank)
    loader = DataLoader(manifest, batch_sampler=sampler, collate_fn=collate)
    model = DDP(XVectorLite())
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        for it, (feats, spk) in enumerate(loader):
            loss = F.cross_entropy(model(feats), spk)
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot = loss.detach().clone()
            dist.all_reduce(tot)
            if rank == 0 and it % 5 == 0:
                print(f"epoch {epoch} batch {it}/{len(loader)} avg loss {tot.item() / world_size:.4f}", flush=True)
    if rank == 0:
        print("training finished", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
