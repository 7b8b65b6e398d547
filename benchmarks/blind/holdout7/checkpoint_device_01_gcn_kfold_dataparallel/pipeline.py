import argparse
import json
import os

import torch

from predict import predict_ensemble
from train_folds import train_all_folds

ROOT = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default=os.path.join(ROOT, "config.json"))
    ap.add_argument("--skip-train", action="store_true")
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = json.load(f)
    torch.manual_seed(cfg["seed"])
    if not args.skip_train:
        train_all_folds(cfg, ROOT)
    predict_ensemble(cfg, ROOT)


if __name__ == "__main__":
    main()
