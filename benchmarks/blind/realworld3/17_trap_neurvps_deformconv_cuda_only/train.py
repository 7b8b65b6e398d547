#!/usr/bin/env python3
"""Training Script (vanishing point detection with conic convolutions)

Usage:
    train.py [options] <yaml-config>
"""
import argparse
import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader

from neurvps.datasets import SyntheticVPDataset
from neurvps.models.vanishing_net import VanishingNet


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("config")
    args = parser.parse_args()
    C = yaml.safe_load(open(args.config))
    device_name = "cuda" if torch.cuda.is_available() else "cpu"
    device = torch.device(device_name)
    print("Let's use", device_name)

    torch.manual_seed(0)
    loader = DataLoader(SyntheticVPDataset(C["io"]["num_samples"]), batch_size=C["model"]["batch_size"],
                        shuffle=True, num_workers=C["io"]["num_workers"])
    model = VanishingNet(C["model"]["num_channels"], C["model"]["multires"]).to(device)
    optim = torch.optim.Adam(model.parameters(), lr=C["optim"]["lr"])
    for epoch in range(C["optim"]["max_epoch"]):
        for image, vpt in loader:
            image, vpt = image.to(device), vpt.to(device)
            target = torch.zeros(image.shape[0], len(C["model"]["multires"]), device=device)
            target[:, 0] = 1
            loss = F.binary_cross_entropy_with_logits(model(image, vpt), target)
            optim.zero_grad()
            loss.backward()
            optim.step()
        print(f"epoch {epoch}: loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
