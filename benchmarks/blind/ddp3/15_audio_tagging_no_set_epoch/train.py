import argparse
import gc

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from tagger.data import ClipFeatures
from tagger.engine import run_training
from tagger.net import make_tagger


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--log-batch-ids", action="store_true")
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    ds = ClipFeatures()
    sampler = DistributedSampler(ds, shuffle=True, seed=0)
    loader = DataLoader(ds, batch_size=args.batch_size, sampler=sampler)
    model = DDP(make_tagger())
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
    run_training(model, loader, sampler, opt, args.epochs, rank, args.log_batch_ids)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
