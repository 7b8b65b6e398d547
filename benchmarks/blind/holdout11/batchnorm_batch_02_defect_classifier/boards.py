import torch
from torch.utils.data import Dataset


class SyntheticBoards(Dataset):
    """Grayscale 'PCB crops' whose defect type changes a local pattern."""

    def __init__(self, per_class, size, n_classes, seed):
        g = torch.Generator().manual_seed(seed)
        imgs, labels = [], []
        for cls in range(n_classes):
            for _ in range(per_class):
                img = 0.3 + 0.05 * torch.randn(1, size, size, generator=g)
                img[:, ::8, :] += 0.4            # traces
                y, x = torch.randint(4, size - 12, (2,), generator=g).tolist()
                if cls == 1:
                    img[:, y, x:x + 10] = 1.0     # thin scratch
                elif cls == 2:
                    img[:, y:y + 8, x:x + 8] = 0.0   # missing component
                elif cls == 3:
                    img[:, y:y + 3, x:x + 8] = 0.9   # bridge
                imgs.append(img)
                labels.append(cls)
        self.images = torch.stack(imgs)
        self.labels = torch.tensor(labels)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.images[i], self.labels[i]
