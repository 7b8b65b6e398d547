import torch
from torch.utils.data import Dataset


class SyntheticBoxes(Dataset):
    """Images with one or two coloured rectangles; labels are (cls, x, y, w, h) normalised like YOLO txt files."""

    def __init__(self, n, img_size, nc, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.items = []
        for _ in range(n):
            img = torch.rand(3, img_size, img_size, generator=g) * 0.1
            labels = []
            for _ in range(int(torch.randint(1, 3, (1,), generator=g))):
                c = int(torch.randint(0, nc, (1,), generator=g))
                w, h = (torch.randint(8, 24, (2,), generator=g)).tolist()
                x0 = int(torch.randint(0, img_size - w, (1,), generator=g))
                y0 = int(torch.randint(0, img_size - h, (1,), generator=g))
                img[c % 3, y0:y0 + h, x0:x0 + w] = 1.0
                labels.append([c, (x0 + w / 2) / img_size, (y0 + h / 2) / img_size, w / img_size, h / img_size])
            self.items.append((img, torch.tensor(labels)))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]

    @staticmethod
    def collate_fn(batch):
        imgs, targets = [], []
        for i, (img, labels) in enumerate(batch):
            imgs.append(img)
            targets.append(torch.cat([torch.full((len(labels), 1), float(i)), labels], 1))
        return torch.stack(imgs, 0), torch.cat(targets, 0)
