import numpy as np
import torch
from torch.utils.data import Dataset


class ProductImages(Dataset):
    """Synthetic 'product photos': each SKU is a colour/texture template under random crops and lighting."""

    def __init__(self, n_skus, per_sku, size=32, seed=0, template_seed=123):
        trng = np.random.default_rng(template_seed)
        rng = np.random.default_rng(seed)
        yy, xx = np.mgrid[0:size + 8, 0:size + 8] / size
        templates = []
        for _ in range(n_skus):
            colour = trng.uniform(0, 1, size=(3, 1, 1))
            fx, fy = trng.uniform(1, 5, size=2)
            tex = np.sin(2 * np.pi * (fx * xx + fy * yy))[None]
            templates.append((colour * (0.6 + 0.4 * tex)).astype(np.float32))
        xs, ys = [], []
        for sku, t in enumerate(templates):
            for _ in range(per_sku):
                oy, ox = rng.integers(0, 9, size=2)
                img = t[:, oy:oy + size, ox:ox + size] * rng.uniform(0.7, 1.3)
                img = img + rng.normal(0, 0.08, img.shape)
                xs.append(img.astype(np.float32))
                ys.append(sku)
        self.x = torch.from_numpy(np.stack(xs))
        self.y = torch.tensor(ys)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
