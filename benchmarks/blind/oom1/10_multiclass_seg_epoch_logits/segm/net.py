import torch.nn as nn


def SegHead(n_classes, width):
    return nn.Sequential(
        nn.Conv2d(3, width, 3, padding=1), nn.ReLU(),
        nn.Conv2d(width, 2 * width, 3, padding=2, dilation=2), nn.ReLU(),
        nn.Conv2d(2 * width, n_classes, 1),
    )
