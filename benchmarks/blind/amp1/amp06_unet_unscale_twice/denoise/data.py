import torch
from torch.utils.data import DataLoader, Dataset


class NoisyShapes(Dataset):
    def __init__(self, n, size, noise_std, seed):
        g = torch.Generator().manual_seed(seed)
        yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
        clean = []
        for _ in range(n):
            cx, cy = torch.randint(6, size - 6, (2,), generator=g).tolist()
            r = int(torch.randint(3, 8, (1,), generator=g))
            img = (((xx - cx) ** 2 + (yy - cy) ** 2) < r * r).float()
            img += 0.5 * (torch.sin(xx / (2 + r)) > 0).float() * (img == 0)
            clean.append(img.unsqueeze(0))
        self.clean = torch.stack(clean)
        self.noisy = self.clean + noise_std * torch.randn(self.clean.shape, generator=g)

    def __len__(self):
        return len(self.clean)

    def __getitem__(self, i):
        return self.noisy[i], self.clean[i]


def make_loaders(cfg):
    ds = NoisyShapes(cfg["num_images"], cfg["image_size"], cfg["noise_std"], cfg["seed"])
    n_val = len(ds) // 6
    train, val = torch.utils.data.random_split(ds, [len(ds) - n_val, n_val], generator=torch.Generator().manual_seed(0))
    return (DataLoader(train, batch_size=cfg["batch_size"], shuffle=True),
            DataLoader(val, batch_size=cfg["batch_size"]))
