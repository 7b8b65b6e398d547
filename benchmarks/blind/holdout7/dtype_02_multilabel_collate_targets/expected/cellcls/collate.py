import torch

from .data import N_CLASSES


def multilabel_collate(batch):
    images = torch.stack([b["image"] for b in batch])
    targets = torch.zeros(len(batch), N_CLASSES, dtype=torch.float32)
    for i, b in enumerate(batch):
        targets[i, b["labels"]] = 1
    ids = [b["id"] for b in batch]
    return images, targets, ids
