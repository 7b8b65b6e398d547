import csv
import math
import os
import random
import tempfile

from torch.utils.data import Dataset

N_CHANNELS = 3
N_STEPS = 20


def write_csv(path, n_rows=360, seed=0):
    """Each row: label, then N_CHANNELS*N_STEPS readings (channel-major)."""
    rng = random.Random(seed)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["label"] + [f"c{c}_t{t}" for c in range(N_CHANNELS) for t in range(N_STEPS)])
        for _ in range(n_rows):
            label = rng.randrange(3)
            row = []
            for c in range(N_CHANNELS):
                freq = 0.2 + 0.25 * label + 0.05 * c
                row += [round(math.sin(freq * t) + rng.gauss(0, 0.3), 4) for t in range(N_STEPS)]
            w.writerow([label] + row)


class VibrationCSV(Dataset):
    def __init__(self, path):
        with open(path) as f:
            reader = csv.reader(f)
            next(reader)
            self.rows = [(int(r[0]), [float(v) for v in r[1:]]) for r in reader]

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, idx):
        label, readings = self.rows[idx]
        return readings, label


def default_csv():
    path = os.path.join(tempfile.mkdtemp(prefix="vibration_"), "vibration.csv")
    write_csv(path)
    return path
