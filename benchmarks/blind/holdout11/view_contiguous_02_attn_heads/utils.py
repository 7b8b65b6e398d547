import random

import numpy as np
import torch


def set_seed(seed):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def accuracy(logits, y):
    return (logits.argmax(dim=-1) == y).float().mean().item()


class AverageMeter:
    def __init__(self):
        self.sum, self.n = 0.0, 0

    def update(self, val, k=1):
        self.sum += val * k
        self.n += k

    @property
    def avg(self):
        return self.sum / max(self.n, 1)
