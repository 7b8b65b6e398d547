import argparse
import gc

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from senti.data import Reviews
from senti.loop import run_epochs
from senti.model import BagOfEmbeddings


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    args = ap.parse_args()
    dist.init_process_group("gloo")
    torch.manual_seed(0)
    ds = Reviews()
    sampler = DistributedSampler(ds, shuffle=True, seed=17)
    loader = DataLoader(ds, batch_size=32, sampler=sampler)
    run_epochs(DDP(BagOfEmbeddings()), loader, sampler, args.epochs)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
