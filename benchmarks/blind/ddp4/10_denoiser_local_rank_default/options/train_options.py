import argparse
import os


def get_options(argv=None):
    parser = argparse.ArgumentParser(description="DnCNN-lite training")
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--batch_size", type=int, default=16)
    parser.add_argument("--patch", type=int, default=32)
    parser.add_argument("--n_patches", type=int, default=256)
    parser.add_argument("--sigma", type=float, default=25.0, help="noise level on the 0-255 scale")
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--save_dir", default="experiments/dncnn_lite")
    # set by torch.distributed.launch (--local_rank) or torchrun (LOCAL_RANK); -1 means no DDP
    parser.add_argument("--local_rank", type=int, default=int(os.environ.get("LOCAL_RANK", 0)))
    opt = parser.parse_args(argv)
    opt.distributed = opt.local_rank != -1
    return opt
