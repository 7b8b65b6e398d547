"""Writes a small set of building-footprint tiles (3x64x64 images, 64x64 masks)."""
import os
import numpy as np


def make_tiles(out_dir="tiles", n=20, size=64, seed=0):
    rng = np.random.RandomState(seed)
    os.makedirs(os.path.join(out_dir, "images"), exist_ok=True)
    os.makedirs(os.path.join(out_dir, "labels"), exist_ok=True)
    for i in range(n):
        img = rng.randint(60, 120, (3, size, size)).astype(np.uint8)
        mask = np.zeros((size, size), np.uint8)
        for _ in range(rng.randint(1, 4)):
            y, x = rng.randint(0, size - 12, size=2)
            h, w = rng.randint(6, 12, size=2)
            mask[y:y + h, x:x + w] = 1
            img[:, y:y + h, x:x + w] = 200
        np.save(os.path.join(out_dir, "images", f"tile_{i:04d}.npy"), img)
        np.save(os.path.join(out_dir, "labels", f"tile_{i:04d}.npy"), mask)
    return out_dir
