import numpy as np


class RandomMaskingGenerator:
    def __init__(self, input_size, mask_ratio):
        self.height, self.width = input_size
        self.num_patches = self.height * self.width
        self.num_mask = int(mask_ratio * self.num_patches)

    def __call__(self):
        mask = np.hstack([np.zeros(self.num_patches - self.num_mask), np.ones(self.num_mask)])
        np.random.shuffle(mask)
        return mask
