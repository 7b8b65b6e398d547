
import numpy as np
import torch
from torch.utils import data


class GTA5(data.Dataset):
  """synthetic stand-in for the GTA5 crops: 19 train ids, 255 = ignore"""

  mean_bgr = np.array([104.00698793, 116.66876762, 122.67891434])
  n_class = 19

  def __init__(self, split='train', size=96, n_images=8, seed=0):
    self.split = split
    rng = np.random.RandomState(seed if split == 'train' else seed + 1)
    self.images = rng.randint(0, 256, size=(n_images, size, size, 3)).astype(np.uint8)
    self.labels = rng.randint(0, self.n_class, size=(n_images, size, size)).astype(np.int32)
    self.labels[:, :4, :] = 255

  def __len__(self):
    return len(self.images)

  def __getitem__(self, index):
    return self.transform(self.images[index], self.labels[index])

  def transform(self, img, lbl):
    img = img[:, :, ::-1]  # RGB -> BGR
    img = img.astype(np.float64)
    img -= self.mean_bgr
    img = img.transpose(2, 0, 1)
    img = torch.from_numpy(img).float()
    lbl = lbl.astype(np.int64)
    lbl[lbl == 255] = -1
    lbl = torch.from_numpy(lbl).long()
    return img, lbl

  def untransform(self, img, lbl):
    img = img.numpy()
    img = img.transpose(1, 2, 0)
    img += self.mean_bgr
    img = img.astype(np.uint8)
    img = img[:, :, ::-1]
    lbl = lbl.numpy()
    return img, lbl
