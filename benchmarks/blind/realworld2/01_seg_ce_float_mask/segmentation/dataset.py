import numpy as np
from torch.utils.data import Dataset as BaseDataset


class ShapesDataset(BaseDataset):
    """Synthetic stand-in for the CamVid folder dataset: random squares and disks.

    Args:
        n_images: how many images to generate
        classes: class names, index 0 is background
    """

    def __init__(self, n_images, classes, size=32, seed=0):
        self.classes = classes
        self.size = size
        rng = np.random.RandomState(seed)
        self.images = []
        self.masks = []
        yy, xx = np.mgrid[:size, :size]
        for _ in range(n_images):
            image = rng.rand(size, size, 3).astype("float32") * 0.2
            mask = np.zeros((size, size), dtype="uint8")
            for cls in (1, 2):
                cx, cy = rng.randint(6, size - 6, size=2)
                r = rng.randint(3, 6)
                if cls == 1:
                    region = (abs(xx - cx) <= r) & (abs(yy - cy) <= r)
                else:
                    region = (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r
                mask[region] = cls
                image[region] += np.array([0.8, 0.1, 0.1] if cls == 1 else [0.1, 0.1, 0.8], dtype="float32")
            self.images.append(image)
            self.masks.append(mask)

    def __getitem__(self, i):
        image = self.images[i].transpose(2, 0, 1).astype("float32")
        mask = self.masks[i].astype("float32")
        return image, mask

    def __len__(self):
        return len(self.images)
