import argparse
import gc

import torch
import torch.distributed as dist

from genre.data import mfcc_stats_dataset
from genre.engine import FitLoop, test_best_checkpoint
from genre.nn import GenreModule


def cli():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=2e-3)
    return ap.parse_args()


def main():
    args = cli()
    dist.init_process_group("gloo")
    torch.manual_seed(0)
    train_set, val_set, test_set = mfcc_stats_dataset()
    module = GenreModule(lr=args.lr)
    best = FitLoop(module, train_set, val_set, max_epochs=args.max_epochs, batch_size=args.batch_size).run()
    if dist.get_rank() == 0:
        epoch, acc = test_best_checkpoint(best, test_set)
        print(f"test accuracy of best checkpoint (epoch {epoch}): {acc:.3f}", flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
