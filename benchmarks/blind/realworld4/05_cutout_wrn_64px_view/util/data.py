import os
import numpy as np
import torch
from torch.utils.data import Dataset


def make_tiny_imagenet_like(root, n_train=192, n_test=64, n_classes=10, size=64, seed=0):
    """a Tiny-ImageNet-shaped toy set (64x64 RGB, uint8) so the script runs offline"""
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'tiny64.npz')
    if os.path.exists(path):
        return path
    rng = np.random.RandomState(seed)
    protos = rng.randint(0, 255, size=(n_classes, 8, 8, 3))

    def sample(n):
        y = rng.randint(0, n_classes, n)
        x = np.repeat(np.repeat(protos[y], 8, axis=1), 8, axis=2)
        x = np.clip(x + rng.randint(-40, 40, size=x.shape), 0, 255).astype(np.uint8)
        return x, y
    xtr, ytr = sample(n_train)
    xte, yte = sample(n_test)
    np.savez(path, xtr=xtr, ytr=ytr, xte=xte, yte=yte)
    return path


class NumpyImageFolder(Dataset):
    def __init__(self, path, train=True, transform=None, mean=None, std=None):
        d = np.load(path)
        self.x = d['xtr'] if train else d['xte']
        self.y = d['ytr'] if train else d['yte']
        self.transform = transform
        self.mean = torch.tensor(mean).view(3, 1, 1)
        self.std = torch.tensor(std).view(3, 1, 1)
        self.train = train

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        img = torch.from_numpy(self.x[i]).permute(2, 0, 1).float() / 255.
        if self.train and np.random.rand() < 0.5:
            img = img.flip(2)
        img = (img - self.mean) / self.std
        if self.transform is not None:
            img = self.transform(img)
        return img, int(self.y[i])
