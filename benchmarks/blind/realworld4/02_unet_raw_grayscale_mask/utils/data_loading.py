import logging
from os import listdir
from os.path import splitext
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import Dataset


def make_toy_carvana(images_dir, masks_dir, n=24, size=64, seed=0):
    """Writes a tiny Carvana-like set: RGB uint8 images and 8-bit grayscale masks
    (background 0, car 255) as .npy files, the way they come out of the PNGs."""
    images_dir, masks_dir = Path(images_dir), Path(masks_dir)
    images_dir.mkdir(parents=True, exist_ok=True)
    masks_dir.mkdir(parents=True, exist_ok=True)
    if any(images_dir.iterdir()):
        return
    rng = np.random.RandomState(seed)
    for i in range(n):
        img = rng.randint(0, 80, size=(size, size, 3)).astype(np.uint8)
        mask = np.zeros((size, size), dtype=np.uint8)
        cy, cx = rng.randint(16, size - 16, size=2)
        h, w = rng.randint(8, 16, size=2)
        mask[cy - h:cy + h, cx - w:cx + w] = 255
        img[mask == 255] += np.array([120, 100, 60], dtype=np.uint8)
        np.save(images_dir / f'car_{i:03d}.npy', img)
        np.save(masks_dir / f'car_{i:03d}_mask.npy', mask)


class BasicDataset(Dataset):
    def __init__(self, images_dir: str, masks_dir: str, scale: float = 1.0, mask_suffix: str = ''):
        self.images_dir = Path(images_dir)
        self.masks_dir = Path(masks_dir)
        assert 0 < scale <= 1, 'Scale must be between 0 and 1'
        self.scale = scale
        self.mask_suffix = mask_suffix

        self.ids = sorted(splitext(file)[0] for file in listdir(images_dir) if not file.startswith('.'))
        if not self.ids:
            raise RuntimeError(f'No input file found in {images_dir}, make sure you put your images there')
        logging.info(f'Creating dataset with {len(self.ids)} examples')

    def __len__(self):
        return len(self.ids)

    @staticmethod
    def preprocess(img_ndarray, scale, is_mask):
        h, w = img_ndarray.shape[:2]
        newW, newH = int(scale * w), int(scale * h)
        assert newW > 0 and newH > 0, 'Scale is too small, resized images would have no pixel'
        step = int(round(1 / scale))
        img_ndarray = img_ndarray[::step, ::step]

        if img_ndarray.ndim == 2 and not is_mask:
            img_ndarray = img_ndarray[np.newaxis, ...]
        elif not is_mask:
            img_ndarray = img_ndarray.transpose((2, 0, 1))

        if not is_mask:
            img_ndarray = img_ndarray / 255

        return img_ndarray

    def __getitem__(self, idx):
        name = self.ids[idx]
        mask_file = list(self.masks_dir.glob(name + self.mask_suffix + '.*'))
        img_file = list(self.images_dir.glob(name + '.*'))

        assert len(img_file) == 1, f'Either no image or multiple images found for the ID {name}: {img_file}'
        assert len(mask_file) == 1, f'Either no mask or multiple masks found for the ID {name}: {mask_file}'
        mask = np.load(mask_file[0])
        img = np.load(img_file[0])

        assert img.shape[:2] == mask.shape[:2], \
            f'Image and mask {name} should be the same size, but are {img.shape[:2]} and {mask.shape[:2]}'

        img = self.preprocess(img, self.scale, is_mask=False)
        mask = self.preprocess(mask, self.scale, is_mask=True)

        return {
            'image': torch.as_tensor(img.copy()).float().contiguous(),
            'mask': torch.as_tensor(mask.copy()).long().contiguous()
        }


class CarvanaDataset(BasicDataset):
    def __init__(self, images_dir, masks_dir, scale=1):
        super().__init__(images_dir, masks_dir, scale, mask_suffix='_mask')
