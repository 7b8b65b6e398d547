import numpy as np
import torch
from torch.utils import data


class Normalize(object):
    def __init__(self, mean, std):
        self.mean = torch.tensor(mean).view(3, 1, 1)
        self.std = torch.tensor(std).view(3, 1, 1)

    def __call__(self, img):
        return (img - self.mean) / self.std


class ToTensor(object):
    def __call__(self, img):
        # HWC uint8 -> CHW float in [0, 1]
        return torch.from_numpy(np.ascontiguousarray(img.transpose(2, 0, 1))).float().div(255.0)


class Resize(object):
    def __init__(self, size):
        self.size = size

    def __call__(self, img):
        # CHW float tensor -> CHW float tensor of the network input size
        return torch.nn.functional.interpolate(img[None], size=self.size, mode='bilinear',
                                               align_corners=False)[0]


class RandomHorizontalFlip(object):
    def __init__(self, rng):
        self.rng = rng

    def __call__(self, img):
        return img[:, ::-1] if self.rng.random() < 0.5 else img


class Compose(object):
    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, img):
        for t in self.transforms:
            img = t(img)
        return img


class MagTrainDataset(data.Dataset):
    def __init__(self, ann_file, transform=None):
        self.ann_file = ann_file
        self.transform = transform
        self.init()

    def init(self):
        archive = np.load(self.ann_file)
        self.images = archive['images']
        self.targets = archive['labels']

    def __getitem__(self, index):
        img = self.images[index]
        if self.transform is not None:
            img = self.transform(img)
        return img, int(self.targets[index])

    def __len__(self):
        return len(self.targets)


def train_loader(args):
    rng = np.random.default_rng(0)
    train_trans = Compose([
        RandomHorizontalFlip(rng),
        ToTensor(),
        Resize((112, 112)),
        Normalize(mean=[0., 0., 0.], std=[1., 1., 1.]),
    ])
    train_dataset = MagTrainDataset(args.train_list, transform=train_trans)
    return torch.utils.data.DataLoader(train_dataset, batch_size=args.batch_size, shuffle=True,
                                       num_workers=args.workers, drop_last=True)
