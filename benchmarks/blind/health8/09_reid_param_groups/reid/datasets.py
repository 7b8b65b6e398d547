import torch
from torch.utils.data import Dataset


class SyntheticPersons(Dataset):
    """Identity = colour layout of a 3-stripe 'person' crop, with noise and jitter."""

    def __init__(self, num_ids, per_id, h=32, w=16, seed=0):
        g = torch.Generator().manual_seed(seed)
        palette = torch.rand(num_ids, 3, 3, generator=torch.Generator().manual_seed(77))
        self.imgs, self.pids = [], []
        for pid in range(num_ids):
            for _ in range(per_id):
                img = torch.zeros(3, h, w)
                bounds = [0, h // 3, 2 * h // 3, h]
                for s in range(3):
                    img[:, bounds[s]:bounds[s + 1]] = palette[pid, s].view(3, 1, 1)
                img = img * (0.8 + 0.4 * torch.rand(1, generator=g)) + 0.15 * torch.randn(3, h, w, generator=g)
                self.imgs.append(img)
                self.pids.append(pid)

    def __len__(self):
        return len(self.pids)

    def __getitem__(self, i):
        return self.imgs[i], self.pids[i]
