import os
import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.data import Dataset


def _make_div2k_like(path, n, size=96, seed=0):
    """smooth random 'photos' (uint8 HWC) so the script runs without DIV2K"""
    rng = np.random.RandomState(seed)
    imgs = []
    for _ in range(n):
        low = rng.rand(1, 3, 6, 6).astype(np.float32)
        img = F.interpolate(torch.from_numpy(low), size=(size, size), mode='bicubic', align_corners=False)
        img = (img.clamp(0, 1)[0].permute(1, 2, 0).numpy() * 255).astype(np.uint8)
        imgs.append(img)
    np.save(path, np.stack(imgs))


class SRData(Dataset):
    def __init__(self, args, train=True):
        self.args = args
        self.train = train
        self.scale = args.scale[0]
        os.makedirs(args.dir_data, exist_ok=True)
        path = os.path.join(args.dir_data, '{}_HR.npy'.format(args.data_train))
        if not os.path.exists(path):
            _make_div2k_like(path, args.n_train)
        self.images_hr = np.load(path)

    def __len__(self):
        return len(self.images_hr)

    def get_patch(self, hr):
        ps = self.args.patch_size
        ih, iw = hr.shape[:2]
        ix = np.random.randint(0, iw - ps + 1)
        iy = np.random.randint(0, ih - ps + 1)
        return hr[iy:iy + ps, ix:ix + ps]

    def __getitem__(self, idx):
        hr = self.get_patch(self.images_hr[idx])
        hr = torch.from_numpy(np.ascontiguousarray(hr.transpose(2, 0, 1))).float()
        lr = F.interpolate(hr[None] / 255., scale_factor=1 / self.scale, mode='bicubic',
                           align_corners=False)[0].clamp(0, 1) * 255.
        return lr, hr
