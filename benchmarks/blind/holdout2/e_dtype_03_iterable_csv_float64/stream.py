import numpy as np
import torch
from torch.utils.data import IterableDataset, get_worker_info


class CSVRowStream(IterableDataset):
    """Streams standardised (features, target) rows from a CSV without loading it all in memory."""

    def __init__(self, path, mean, std, rows=None):
        self.path = path
        self.mean = mean
        self.std = std
        self.rows = rows  # optional (start, stop) row range for train/val split

    def _lines(self):
        with open(self.path) as f:
            next(f)  # header
            for i, line in enumerate(f):
                if self.rows is None or self.rows[0] <= i < self.rows[1]:
                    yield line

    def __iter__(self):
        info = get_worker_info()
        for i, line in enumerate(self._lines()):
            if info is not None and i % info.num_workers != info.id:
                continue
            values = (np.array(line.split(","), dtype=np.float64) - self.mean) / self.std
            yield torch.from_numpy(values[:-1]), torch.from_numpy(values[-1:])
