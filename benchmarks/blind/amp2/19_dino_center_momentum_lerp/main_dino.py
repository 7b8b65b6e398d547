import argparse

import torch

from dino.trainer import DINOTrainer


def get_args():
    p = argparse.ArgumentParser("DINO (toy)")
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch_size", type=int, default=128)
    p.add_argument("--out_dim", type=int, default=256)
    p.add_argument("--teacher_temp", type=float, default=0.04)
    p.add_argument("--momentum_teacher", type=float, default=0.99)
    p.add_argument("--use_bf16", type=int, default=1)
    return p.parse_args()


if __name__ == "__main__":
    args = get_args()
    torch.manual_seed(0)
    DINOTrainer(args).train()
