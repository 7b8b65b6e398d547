import torch

from .shapes import ShapesDetection


def detection_collate(batch):
    targets, imgs = [], []
    for sample in batch:
        imgs.append(sample[0])
        targets.append(torch.FloatTensor(sample[1]))
    return torch.stack(imgs, 0), targets
