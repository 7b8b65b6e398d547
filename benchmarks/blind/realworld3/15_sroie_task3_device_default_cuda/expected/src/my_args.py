import argparse

import torch


def get_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("-d", "--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("-b", "--batch_size", type=int, default=16)
    parser.add_argument("-e", "--max_epoch", type=int, default=100)
    parser.add_argument("-v", "--val-at", type=int, default=50)
    parser.add_argument("-i", "--hidden-size", type=int, default=32)
    parser.add_argument("--val-size", type=int, default=40)
    return parser.parse_args()
