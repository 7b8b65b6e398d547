import argparse
import gc

import torch.multiprocessing as mp
import yaml

from tiles.worker import worker

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/r8_sync.yaml")
    ap.add_argument("--nprocs", type=int, default=2)
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    mp.spawn(worker, args=(args.nprocs, cfg), nprocs=args.nprocs, join=True)
    gc.collect()
