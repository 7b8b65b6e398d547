import logging

import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

logger = logging.getLogger(__name__)


def compute_class_weight(classes, y):
    """'balanced' heuristic: n_samples / (n_classes * np.bincount(y))"""
    counts = np.array([(y == c).sum() for c in classes])
    return len(y) / (len(classes) * counts)


class DataSilo:
    """Holds train/dev splits of a (synthetic) document classification corpus."""

    def __init__(self, processor, batch_size, seed=42):
        self.processor = processor
        self.batch_size = batch_size
        self.seed = seed
        self.data = {}
        self._load_data()

    def _load_data(self):
        rng = np.random.RandomState(self.seed)
        for split, n in (("train", 160), ("dev", 48)):
            ids, labels = self.processor.dataset_from_rng(rng, n)
            self.data[split] = TensorDataset(ids, labels)
        logger.info("Loaded train=%d dev=%d", len(self.data["train"]), len(self.data["dev"]))

    def calculate_class_weights(self, task_name):
        labels = self.data["train"].tensors[1].numpy()
        n_labels = len(self.processor.tasks[task_name]["label_list"])
        weights = compute_class_weight(np.arange(n_labels), labels)
        logger.info("Class weights for %s: %s", task_name, weights)
        return weights

    def get_data_loader(self, split):
        if split == "train":
            g = torch.Generator().manual_seed(self.seed)
            return DataLoader(self.data[split], batch_size=self.batch_size, shuffle=True, generator=g)
        return DataLoader(self.data[split], batch_size=self.batch_size, shuffle=False)
