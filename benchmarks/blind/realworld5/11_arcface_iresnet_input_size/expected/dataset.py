import os

import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class FaceDataset(Dataset):
    def __init__(self, root_dir):
        super(FaceDataset, self).__init__()
        self.imgs = np.load(os.path.join(root_dir, 'faces_128.npy'))
        self.labels = np.load(os.path.join(root_dir, 'labels.npy'))

    def __getitem__(self, index):
        img = self.imgs[index]
        if np.random.rand() > 0.5:
            img = img[:, ::-1, :]
        img = torch.from_numpy(np.ascontiguousarray(img)).permute(2, 0, 1).float()
        img = F.interpolate(img[None], size=(112, 112), mode='bilinear', align_corners=False)[0]
        img = img.div(255).sub(0.5).div(0.5)
        label = torch.tensor(self.labels[index], dtype=torch.long)
        return img, label

    def __len__(self):
        return len(self.labels)


def get_dataloader(root_dir, batch_size, num_workers=0):
    train_set = FaceDataset(root_dir)
    return DataLoader(train_set, batch_size=batch_size, shuffle=True,
                      num_workers=num_workers, drop_last=True)
