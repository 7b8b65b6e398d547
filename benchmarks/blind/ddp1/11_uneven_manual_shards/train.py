import argparse
import gc

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader

from pipeline.model import FieldEmbeddingMLP
from pipeline.records import generate_records
from pipeline.sharding import StripedShard
from pipeline.steps import fit


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=1001)
    ap.add_argument("--batch-size", type=int, default=50)
    ap.add_argument("--epochs", type=int, default=1)
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    feats, clicks = generate_records(args.records)
    shard = StripedShard(feats, clicks, rank, world)
    loader = DataLoader(shard, batch_size=args.batch_size, shuffle=True)

    torch.manual_seed(0)
    model = DDP(FieldEmbeddingMLP())
    opt = torch.optim.Adagrad(model.parameters(), lr=0.05)
    fit(model, loader, opt, args.epochs, rank)
    dist.barrier()


if __name__ == "__main__":
    main()
    dist.destroy_process_group()
    gc.collect()
