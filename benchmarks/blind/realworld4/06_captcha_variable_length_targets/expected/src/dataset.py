import numpy as np
import torch


class ClassificationDataset:
    def __init__(self, image_paths, targets, resize=None, max_len=None):
        self.image_paths = image_paths
        self.targets = targets
        # captchas do not all have the same number of characters: pad the targets
        # with the blank index (0) so that they can be stacked into a batch
        self.max_len = max_len or max(len(t) for t in targets)
        self.resize = resize
        self.mean = np.array([0.485, 0.456, 0.406], dtype=np.float32)
        self.std = np.array([0.229, 0.224, 0.225], dtype=np.float32)

    def __len__(self):
        return len(self.image_paths)

    def __getitem__(self, item):
        image = np.load(self.image_paths[item]).astype(np.float32) / 255.0
        targets = self.targets[item]
        targets = list(targets) + [0] * (self.max_len - len(targets))
        image = (image - self.mean) / self.std
        image = np.transpose(image, (2, 0, 1)).astype(np.float32)
        return {
            "images": torch.tensor(image, dtype=torch.float),
            "targets": torch.tensor(targets, dtype=torch.long),
        }
