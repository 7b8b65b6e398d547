import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from segkit.dataset import RandomShapes
from segkit.engine import train_epoch
from segkit.unet import SmallUNet


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="configs/shapes_seg.yaml")
    args = parser.parse_args()
    cfg = yaml.safe_load(open(args.config))

    torch.manual_seed(cfg["seed"])
    ds = RandomShapes(**cfg["dataset"], seed=cfg["seed"])
    loader = DataLoader(ds, **cfg["loader"])
    model = SmallUNet(cfg["model"]["base_channels"])
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["optim"]["lr"])
    for epoch in range(cfg["optim"]["epochs"]):
        loss, dice = train_epoch(model, loader, optimizer, cfg["optim"].get("grad_accum_steps", 1))
        print(f"[{cfg['name']}] epoch {epoch} bce {loss:.4f} dice {dice:.3f}")


if __name__ == "__main__":
    main()
