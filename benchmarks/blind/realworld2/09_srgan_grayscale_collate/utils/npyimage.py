"""Minimal PIL-like image wrapper for .npy images (this machine has no Pillow)."""
import numpy as np


class Image:
    def __init__(self, array):
        self.array = array
        self.mode = "L" if array.ndim == 2 else "RGB"

    @property
    def size(self):
        return self.array.shape[1], self.array.shape[0]

    def convert(self, mode):
        if mode == self.mode:
            return self
        if mode == "RGB":
            return Image(np.repeat(self.array[:, :, None], 3, axis=2))
        if mode == "L":
            return Image(self.array.mean(axis=2).astype(self.array.dtype))
        raise ValueError(mode)

    def crop(self, box):
        l, t, r, b = box
        return Image(self.array[t:b, l:r])

    def resize(self, size):
        w, h = size
        ys = (np.arange(h) * self.array.shape[0] / h).astype(int)
        xs = (np.arange(w) * self.array.shape[1] / w).astype(int)
        return Image(self.array[ys][:, xs])


def open(path):
    return Image(np.load(path))


def save(img, path):
    np.save(path, img.array)
