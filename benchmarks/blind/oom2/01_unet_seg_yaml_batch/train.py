import argparse

import yaml
import torch

from segnet.data.cells import make_loaders
from segnet.models.unet import UNet
from segnet.engine import fit


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.yaml")
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(cfg["data"]["seed"])
    train_dl, val_dl = make_loaders(cfg)
    model = UNet(**cfg["model"])
    print(f"params: {sum(p.numel() for p in model.parameters())/1e6:.2f}M")
    fit(model, train_dl, val_dl, cfg)


if __name__ == "__main__":
    main()
