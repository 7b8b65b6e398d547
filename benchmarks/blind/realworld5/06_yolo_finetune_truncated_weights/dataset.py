import torch
from torch.utils.data import Dataset


class SyntheticYOLODataset(Dataset):
    def __init__(self, n, imgsz, nc, max_boxes, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.imgs = torch.rand(n, 3, imgsz, imgsz, generator=g)
        self.labels = []
        for _ in range(n):
            k = int(torch.randint(1, max_boxes + 1, (1,), generator=g))
            cls = torch.randint(0, nc, (k, 1), generator=g).float()
            xywh = torch.rand(k, 4, generator=g) * 0.5 + 0.25
            self.labels.append(torch.cat([cls, xywh], 1))

    def __len__(self):
        return len(self.imgs)

    def __getitem__(self, i):
        return self.imgs[i], self.labels[i]

    @staticmethod
    def collate_fn(batch):
        imgs, labels = zip(*batch)
        out = []
        for i, l in enumerate(labels):
            out.append(torch.cat([torch.full((len(l), 1), float(i)), l], 1))
        return torch.stack(imgs, 0), torch.cat(out, 0)
