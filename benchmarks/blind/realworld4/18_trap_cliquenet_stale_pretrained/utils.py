import os
import numpy as np
import torch
from torch.utils.data import Dataset


class AverageMeter(object):
    """Computes and stores the average and current value"""

    def __init__(self):
        self.reset()

    def reset(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    batch_size = target.size(0)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        correct_k = correct[:k].reshape(-1).float().sum(0)
        res.append(correct_k.mul_(100.0 / batch_size))
    return res


class ToyCifar(Dataset):
    def __init__(self, root, train=True, n=256, seed=0):
        os.makedirs(root, exist_ok=True)
        path = os.path.join(root, 'train.npz' if train else 'val.npz')
        if not os.path.exists(path):
            rng = np.random.RandomState(seed if train else seed + 1)
            y = rng.randint(0, 10, n)
            x = rng.rand(n, 3, 32, 32).astype(np.float32) * 0.5
            for i, c in enumerate(y):
                x[i, c % 3, (c * 3):(c * 3) + 4, :] += 0.5
            np.savez(path, x=x, y=y)
        d = np.load(path)
        self.x, self.y = d['x'], d['y']

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return torch.from_numpy(self.x[i]), int(self.y[i])
