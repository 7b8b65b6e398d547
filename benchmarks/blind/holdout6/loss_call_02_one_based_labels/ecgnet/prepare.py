"""Create a small synthetic beat-classification dataset in the same layout as the
original recordings: one .npy per record plus an annotations.csv.

Beat classes follow the annotation codebook used by the labelling tool:
  1 = normal, 2 = supraventricular, 3 = ventricular, 4 = fusion, 5 = unclassifiable
"""
import csv
import os

import numpy as np

CLASS_NAMES = {1: "N", 2: "S", 3: "V", 4: "F", 5: "Q"}


def _beat(rng, cls, length):
    t = np.linspace(0, 1, length)
    width = {1: 0.02, 2: 0.015, 3: 0.06, 4: 0.04, 5: 0.03}[cls]
    center = {1: 0.5, 2: 0.42, 3: 0.5, 4: 0.47, 5: rng.uniform(0.3, 0.7)}[cls]
    qrs = np.exp(-((t - center) ** 2) / (2 * width ** 2))
    p_wave = 0.15 * np.exp(-((t - center + 0.18) ** 2) / 0.002) * (cls != 3)
    t_wave = 0.3 * np.exp(-((t - center - 0.22) ** 2) / 0.004) * (1 if cls != 3 else -1)
    x = qrs + p_wave + t_wave + rng.normal(0, 0.05, length)
    return x.astype(np.float32)


def prepare(root, n_per_class=160, length=180, seed=11):
    rng = np.random.default_rng(seed)
    os.makedirs(os.path.join(root, "beats"), exist_ok=True)
    rows = []
    k = 0
    for cls in CLASS_NAMES:
        for _ in range(n_per_class):
            name = f"beat_{k:05d}.npy"
            np.save(os.path.join(root, "beats", name), _beat(rng, cls, length))
            rows.append({"file": name, "label": cls, "symbol": CLASS_NAMES[cls],
                         "split": "val" if rng.random() < 0.2 else "train"})
            k += 1
    with open(os.path.join(root, "annotations.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["file", "label", "symbol", "split"])
        w.writeheader()
        w.writerows(rows)
