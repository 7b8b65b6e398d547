import argparse

import torch.multiprocessing as mp

from dae.worker import worker

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpus", type=int, default=2, help="number of worker processes")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--noise", type=float, default=0.2)
    ap.add_argument("--port", type=int, default=29637)
    args = ap.parse_args()
    mp.spawn(worker, args=(args.gpus, args), nprocs=args.gpus, join=True)
