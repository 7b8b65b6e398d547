import numpy as np
import torch
import torch.utils.data as data


class ShapesDetection(data.Dataset):
    """VOC-style detection dataset with synthetic rectangles; target rows are [xmin, ymin, xmax, ymax, label_idx]."""

    def __init__(self, n=64, size=64, num_classes=3, seed=0):
        rng = np.random.RandomState(seed)
        self.samples = []
        for _ in range(n):
            img = rng.rand(3, size, size).astype(np.float32) * 0.1
            boxes = []
            for _ in range(rng.randint(1, 3)):
                w, h = rng.randint(10, 30, size=2)
                x0, y0 = rng.randint(0, size - w), rng.randint(0, size - h)
                c = rng.randint(num_classes)
                img[c, y0:y0 + h, x0:x0 + w] = 1.0
                boxes.append([x0 / size, y0 / size, (x0 + w) / size, (y0 + h) / size, c])
            self.samples.append((torch.from_numpy(img), np.array(boxes, dtype=np.float32)))

    def __getitem__(self, index):
        return self.samples[index]

    def __len__(self):
        return len(self.samples)
