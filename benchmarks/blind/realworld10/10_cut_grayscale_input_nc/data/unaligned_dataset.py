import random
import numpy as np
from torch.utils.data import Dataset

from data.base_dataset import get_transform


def load_domain(n, seed, style):
    """Synthetic stand-in for trainA/ trainB image folders (RGB files, as loaded by PIL .convert('RGB'))."""
    rng = np.random.RandomState(seed)
    imgs = []
    for _ in range(n):
        base = rng.rand(40, 40)
        if style == 'A':
            g = (base > 0.5) * 200 + 20
        else:
            g = np.clip(base * 255, 0, 255)
        img = np.repeat(g[..., None], 3, axis=2).astype(np.uint8)
        imgs.append(img)
    return imgs


class UnalignedDataset(Dataset):
    def __init__(self, opt):
        self.opt = opt
        self.A_imgs = load_domain(opt.dataset_size, 0, 'A')
        self.B_imgs = load_domain(opt.dataset_size + 7, 1, 'B')
        self.A_size = len(self.A_imgs)
        self.B_size = len(self.B_imgs)
        self.transform_A = get_transform(self.opt)
        self.transform_B = get_transform(self.opt)

    def __getitem__(self, index):
        A_img = self.A_imgs[index % self.A_size]
        index_B = random.randint(0, self.B_size - 1)
        B_img = self.B_imgs[index_B]
        A = self.transform_A(A_img)
        B = self.transform_B(B_img)
        return {'A': A, 'B': B, 'A_paths': 'trainA/%d.png' % index, 'B_paths': 'trainB/%d.png' % index_B}

    def __len__(self):
        return max(self.A_size, self.B_size)
