import argparse
import gc

import torch
import torch.distributed as dist

from recsys.data import Ratings
from recsys.model import MF
from recsys.trainer import MFTrainer

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    args = ap.parse_args()
    dist.init_process_group("gloo")
    torch.manual_seed(0)
    MFTrainer(MF(), Ratings()).fit(args.epochs)
    dist.destroy_process_group()
    gc.collect()
