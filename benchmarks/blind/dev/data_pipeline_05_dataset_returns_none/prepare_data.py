"""Writes a small spectrogram-like dataset: data/manifest.csv + one .npy per clip.
Mirrors the real export, where a few clips listed in the manifest failed to render."""
import csv
import os

import numpy as np


def prepare(root="data", n=300, n_classes=5, seed=0):
    rng = np.random.default_rng(seed)
    os.makedirs(os.path.join(root, "clips"), exist_ok=True)
    protos = rng.normal(size=(n_classes, 16, 20)).astype(np.float32)
    with open(os.path.join(root, "manifest.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["clip_id", "path", "label"])
        for i in range(n):
            label = int(rng.integers(n_classes))
            rel = f"clips/clip_{i:04d}.npy"
            w.writerow([i, rel, label])
            if rng.random() < 0.06:  # render failed: listed but never written
                continue
            spec = protos[label] + 0.7 * rng.normal(size=(16, 20)).astype(np.float32)
            np.save(os.path.join(root, rel), spec)


if __name__ == "__main__":
    prepare()
