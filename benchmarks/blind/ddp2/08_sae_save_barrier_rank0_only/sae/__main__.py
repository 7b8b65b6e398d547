import argparse
import gc

import torch.distributed as dist

from sae.config import SaeConfig
from sae.trainer import SaeTrainer


def run():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--save-every", type=int, default=20)
    ap.add_argument("--save-dir", default="runs")
    a = ap.parse_args()
    dist.init_process_group("gloo")
    cfg = SaeConfig(steps=a.steps, save_every=a.save_every, save_dir=a.save_dir)
    SaeTrainer(cfg).fit()
    dist.destroy_process_group()


run()
gc.collect()
