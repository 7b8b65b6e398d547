import numpy as np
import torch
import torch.utils.data


def synth_scene(rng, size=16, n_classes=5):
    """An RGB image with up to n_classes-1 coloured rectangles; mask holds the class id per pixel."""
    img = rng.rand(size, size, 3).astype(np.float32) * 0.2
    mask = np.zeros((size, size), dtype=np.uint8)
    palette = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0]], dtype=np.float32)
    for c in range(1, n_classes):
        if rng.rand() < 0.8:
            h, w = rng.randint(3, 8, size=2)
            y, x = rng.randint(0, size - h), rng.randint(0, size - w)
            img[y:y + h, x:x + w] = palette[c] * 0.8 + rng.rand(h, w, 3) * 0.2
            mask[y:y + h, x:x + w] = c
    return img, mask


class Images_Dataset_folder(torch.utils.data.Dataset):
    """Class for getting individual transformations and data
    Args:
        n_images = number of synthetic image/label pairs
        seed = random seed of the scenes
    Output:
        tx = image (3, H, W), lx = label (1, H, W)"""

    def __init__(self, n_images=40, seed=0, size=16, n_classes=5):
        rng = np.random.RandomState(seed)
        self.images, self.labels = [], []
        for _ in range(n_images):
            img, mask = synth_scene(rng, size, n_classes)
            self.images.append(img)
            self.labels.append(mask)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        i1 = self.images[i]
        l1 = self.labels[i]

        tx = torch.from_numpy(i1.transpose(2, 0, 1).copy())
        lx = torch.from_numpy(l1[None].astype(np.float32))

        return tx, lx
