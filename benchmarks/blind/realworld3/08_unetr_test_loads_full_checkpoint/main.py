import argparse
import os
import torch
from networks.unetr import UNETR
from trainer import run_training
from test import run_test
from utils.data_utils import get_loader

parser = argparse.ArgumentParser(description="UNETR segmentation pipeline")
parser.add_argument("--logdir", default="runs/test", type=str)
parser.add_argument("--max_epochs", default=2, type=int)
parser.add_argument("--batch_size", default=8, type=int)
parser.add_argument("--optim_lr", default=1e-3, type=float)
parser.add_argument("--in_channels", default=1, type=int)
parser.add_argument("--out_channels", default=3, type=int)
parser.add_argument("--feature_size", default=16, type=int)
parser.add_argument("--roi_x", default=32, type=int)
parser.add_argument("--pretrained_model_name", default="model.pt", type=str)


def main():
    args = parser.parse_args()
    args.pretrained_dir = args.logdir
    os.makedirs(args.logdir, exist_ok=True)
    torch.manual_seed(0)
    model = UNETR(in_channels=args.in_channels, out_channels=args.out_channels, img_size=args.roi_x,
                  feature_size=args.feature_size)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.optim_lr)
    run_training(model, get_loader(args, True), get_loader(args, False), optimizer, args)
    run_test(args)


if __name__ == "__main__":
    main()
