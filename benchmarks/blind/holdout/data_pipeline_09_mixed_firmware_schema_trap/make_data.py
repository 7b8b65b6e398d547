"""Simulates the field export: two device firmware generations dumped side by side.
fw1 logs 12 sensor columns; fw2 logs 16, with new sensors inserted among the old ones
(and one old one renamed) -- nobody has written down how the two schemas map."""
import csv
import os

import numpy as np

FW1_COLS = ["temp_in", "temp_out", "press_a", "press_b", "vib_x", "vib_y", "vib_z",
            "current", "voltage", "rpm", "flow", "humidity"]
FW2_COLS = ["temp_in", "temp_out", "temp_coolant", "press_a", "press_b", "press_diff",
            "vib_x", "vib_y", "vib_z", "vib_rms", "current", "voltage", "rpm_est", "flow",
            "humidity", "dew_point"]


def _write(path, cols, n, rng):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["device_id"] + cols + ["failure"])
        for i in range(n):
            x = rng.normal(size=len(cols)).round(4)
            y = int(x[:4].sum() + rng.normal() > 0.5)
            w.writerow([f"dev{i % 17}"] + list(x) + [y])


def make(root="field_export", seed=0):
    rng = np.random.default_rng(seed)
    os.makedirs(root, exist_ok=True)
    _write(os.path.join(root, "fw1_2023.csv"), FW1_COLS, 240, rng)
    _write(os.path.join(root, "fw2_2024.csv"), FW2_COLS, 160, rng)
    return root
