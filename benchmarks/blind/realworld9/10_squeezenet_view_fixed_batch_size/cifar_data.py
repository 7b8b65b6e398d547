import numpy as np
import torch
from torch.utils.data import Dataset

MEAN = (0.491399689874, 0.482158419622, 0.446530924224)
STD = (0.247032237587, 0.243485133253, 0.261587846975)


class FakeCIFAR10(Dataset):
    """CIFAR-10 shaped synthetic data (uint8 HWC images, 10 classes)"""

    def __init__(self, train=True, size=None):
        n = size or (72 if train else 24)
        rng = np.random.RandomState(0 if train else 1)
        self.data = rng.randint(0, 256, size=(n, 32, 32, 3)).astype(np.uint8)
        self.targets = rng.randint(0, 10, size=n).tolist()
        self.train = train

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        img = torch.from_numpy(self.data[index]).permute(2, 0, 1).float().div(255.)
        if self.train and torch.rand(1).item() < 0.5:
            img = img.flip(-1)
        img = (img - torch.tensor(MEAN).view(3, 1, 1)) / torch.tensor(STD).view(3, 1, 1)
        return img, self.targets[index]
