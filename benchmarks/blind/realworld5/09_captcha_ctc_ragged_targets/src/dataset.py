import numpy as np
import torch


class ClassificationDataset:
    def __init__(self, image_paths, targets, resize=None):
        # resize = (height, width)
        self.image_paths = image_paths
        self.targets = targets
        self.resize = resize

    def __len__(self):
        return len(self.image_paths)

    def __getitem__(self, item):
        image = np.load(self.image_paths[item]).astype(np.float32)
        targets = self.targets[item]

        image = (image / 255.0 - 0.5) / 0.5
        image = np.stack([image, image, image], axis=0)

        return {
            "images": torch.tensor(image, dtype=torch.float),
            "targets": torch.tensor(targets, dtype=torch.long),
        }
