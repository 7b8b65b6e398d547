import argparse
import gc

import torch
import torch.distributed as dist

from trainer.data import WineQuality
from trainer.loop import Runner
from trainer.net import make_regressor


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-3)
    args = ap.parse_args()
    dist.init_process_group(backend="gloo")
    torch.manual_seed(0)
    Runner(make_regressor(), WineQuality(), args.batch_size, args.lr, args.epochs).fit()
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
