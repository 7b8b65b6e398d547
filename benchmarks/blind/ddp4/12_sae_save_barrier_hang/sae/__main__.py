import argparse
import gc
import os

import torch.distributed as dist

from .config import TrainConfig
from .trainer import SaeTrainer


def run():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--save_every", type=int, default=10)
    parser.add_argument("--run_name", default="sae-toy")
    args = parser.parse_args()
    ddp = "LOCAL_RANK" in os.environ
    if ddp:
        dist.init_process_group("gloo")
    cfg = TrainConfig(steps=args.steps, save_every=args.save_every, run_name=args.run_name)
    SaeTrainer(cfg).fit()
    if ddp:
        dist.destroy_process_group()


if __name__ == "__main__":
    run()
    gc.collect()
