import torch
from torch.utils.data import DataLoader, Dataset


class SyntheticTextures(Dataset):
    """Images whose class decides the orientation of a stripe pattern plus noise."""

    def __init__(self, n, image_size, channels, num_classes, seed):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, num_classes, (n,), generator=g)
        coords = torch.arange(image_size, dtype=torch.float32)
        yy, xx = torch.meshgrid(coords, coords, indexing="ij")
        images = []
        for lbl in self.labels.tolist():
            angle = 3.14159 * lbl / num_classes
            wave = torch.sin(0.6 * (torch.cos(torch.tensor(angle)) * xx + torch.sin(torch.tensor(angle)) * yy))
            img = wave.unsqueeze(0).repeat(channels, 1, 1)
            img = img + 0.5 * torch.randn(channels, image_size, image_size, generator=g)
            images.append(img)
        self.images = torch.stack(images)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return self.images[idx], self.labels[idx]


def build_loaders(cfg):
    d, o = cfg["data"], cfg["optim"]
    train = SyntheticTextures(d["num_train"], d["image_size"], d["channels"], d["num_classes"], cfg["seed"])
    val = SyntheticTextures(d["num_val"], d["image_size"], d["channels"], d["num_classes"], cfg["seed"] + 1)
    return (
        DataLoader(train, batch_size=o["batch_size"], shuffle=True),
        DataLoader(val, batch_size=o["batch_size"] * 2, shuffle=False),
    )
