import logging

import numpy as np
import torch
from torch.utils.data import Dataset


class BasicDataset(Dataset):
    def __init__(self, imgs_dir, masks_dir, scale=1, n_samples=24, size=(96, 128), n_classes=8):
        self.imgs_dir = imgs_dir
        self.masks_dir = masks_dir
        self.scale = scale
        assert 0 < scale <= 1, 'Scale must be between 0 and 1'

        rng = np.random.RandomState(0)
        h, w = size
        self.imgs = (rng.rand(n_samples, h, w, 3) * 255).astype(np.uint8)
        self.masks = rng.randint(0, n_classes, (n_samples, h, w)).astype(np.uint8)
        self.ids = ['frame_%04d' % i for i in range(n_samples)]
        logging.info(f'Creating dataset with {len(self.ids)} examples')

    def __len__(self):
        return len(self.ids)

    @classmethod
    def preprocess(cls, img_nd, scale):
        if len(img_nd.shape) == 2:
            img_nd = np.expand_dims(img_nd, axis=2)

        # HWC to CHW
        img_trans = img_nd.transpose((2, 0, 1))
        if img_trans.max() > 1:
            img_trans = img_trans / 255

        return img_trans

    def __getitem__(self, i):
        img = self.preprocess(self.imgs[i], self.scale)
        mask = self.masks[i].astype(np.float32)

        return {
            'image': torch.from_numpy(img).type(torch.FloatTensor),
            'mask': torch.from_numpy(mask).type(torch.FloatTensor)
        }
