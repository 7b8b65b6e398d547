import torch
from torch.utils.data import Dataset

DEFECTS = ["none", "scratch", "particle", "ring"]


class WaferMaps(Dataset):
    def __init__(self, n=256, size=20, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.items = []
        yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
        r = (yy ** 2 + xx ** 2).sqrt()
        for _ in range(n):
            # imbalanced defect distribution, as in production data
            d = int(torch.multinomial(torch.tensor([0.55, 0.2, 0.15, 0.1]), 1, generator=g))
            thickness = float(torch.rand(1, generator=g)) * 2 + 1
            img = 0.1 * thickness + 0.2 * torch.randn(size, size, generator=g)
            if d == 1:
                img[size // 2, :] += 1.5
            elif d == 2:
                i, j = torch.randint(0, size, (2,), generator=g).tolist()
                img[max(i - 1, 0):i + 2, max(j - 1, 0):j + 2] += 2.0
            elif d == 3:
                img[(r > 0.6) & (r < 0.75)] += 1.2
            self.items.append({"image": img.unsqueeze(0), "defect": torch.tensor(d),
                               "thickness": torch.tensor(thickness)})

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]
