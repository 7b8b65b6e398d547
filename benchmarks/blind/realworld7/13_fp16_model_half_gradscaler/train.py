import argparse

import torch
import yaml

from src.data import build_loader
from src.engine import Trainer, build_model


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="configs/kws_fp16.yaml")
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(0)
    loader = build_loader(cfg)
    model = build_model(cfg)
    trainer = Trainer(cfg, model, loader)
    for epoch in range(cfg["train"]["epochs"]):
        trainer.train_one_epoch(epoch)


if __name__ == "__main__":
    main()
