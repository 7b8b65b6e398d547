import argparse
import gc
import shutil

import torch.multiprocessing as mp

from src.config import CFG
from src.engine import run_worker

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=2)
    args = ap.parse_args()
    cfg = CFG(epochs=args.epochs)
    shutil.rmtree(cfg.ckpt_dir, ignore_errors=True)  # fresh run
    mp.spawn(run_worker, args=(args.workers, cfg), nprocs=args.workers, join=True)
    gc.collect()
