import argparse
import gc

import torch
import torch.distributed as dist
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

import utils
from engine import train_and_evaluate
from keypoints import GestureSequences
from model import GestureGRU


def get_args_parser():
    parser = argparse.ArgumentParser(description="Gesture classification training", add_help=True)
    parser.add_argument("--epochs", default=2, type=int)
    parser.add_argument("-b", "--batch-size", default=32, type=int)
    parser.add_argument("--lr", default=3e-3, type=float)
    parser.add_argument("--eval-every", default=1, type=int)
    return parser


def main(args):
    utils.init_distributed_mode(args)
    torch.manual_seed(0)
    train_set = GestureSequences(768, seed=0)
    val_set = GestureSequences(256, seed=1)
    if args.distributed:
        train_sampler = DistributedSampler(train_set)
        val_sampler = DistributedSampler(val_set, shuffle=False)
    else:
        train_sampler = torch.utils.data.RandomSampler(train_set)
        val_sampler = torch.utils.data.SequentialSampler(val_set)
    train_loader = DataLoader(train_set, batch_size=args.batch_size, sampler=train_sampler, drop_last=True)
    val_loader = DataLoader(val_set, batch_size=64, sampler=val_sampler)

    model = GestureGRU()
    if args.distributed:
        model = torch.nn.parallel.DistributedDataParallel(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    best = train_and_evaluate(args, model, optimizer, train_loader, train_sampler, val_loader)
    if utils.is_main_process():
        print(f"best val acc1 {best:.3f}", flush=True)
    if args.distributed:
        dist.destroy_process_group()


if __name__ == "__main__":
    main(get_args_parser().parse_args())
    gc.collect()
