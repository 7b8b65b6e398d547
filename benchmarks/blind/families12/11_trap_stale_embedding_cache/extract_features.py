"""Embed the images with the frozen encoder and write cache/{split}_emb.npy + labels."""
import json
import os

import numpy as np
import torch
import torch.nn as nn
import yaml


def tinycnn(embed_dim):
    torch.manual_seed(1234)
    return nn.Sequential(
        nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, embed_dim, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
    ).eval()


def make_images(n, num_classes, seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, num_classes, n)
    x = rng.uniform(0, 0.2, (n, 1, 16, 16)).astype(np.float32)
    for i, c in enumerate(y):
        x[i, 0, 3 * c:3 * c + 3, :] = 1.0
    return x, y


def main():
    with open("config.yaml") as f:
        cfg = yaml.safe_load(f)
    enc = tinycnn(cfg["embed_dim"])
    os.makedirs(cfg["cache_dir"], exist_ok=True)
    for split, n, seed in [("train", 200, 0), ("val", 50, 1)]:
        x, y = make_images(n, cfg["num_classes"], seed)
        with torch.no_grad():
            emb = enc(torch.from_numpy(x)).numpy()
        np.save(os.path.join(cfg["cache_dir"], f"{split}_emb.npy"), emb.astype(np.float32))
        np.save(os.path.join(cfg["cache_dir"], f"{split}_labels.npy"), y.astype(np.int64))
    with open(os.path.join(cfg["cache_dir"], "meta.json"), "w") as f:
        json.dump({"encoder": cfg["encoder"], "dim": cfg["embed_dim"]}, f)


if __name__ == "__main__":
    main()
