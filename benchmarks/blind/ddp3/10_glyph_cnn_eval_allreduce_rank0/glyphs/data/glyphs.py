import torch
from torch.utils.data import Dataset

# 5x5 bitmaps for 6 glyph classes, upscaled to 20x20 and jittered
_BITMAPS = [
    "0111010001100011000101110",  # O
    "0010001100001000010001110",  # 1
    "1000101010001000101010001",  # X
    "1111110000111101000011111",  # E
    "1000110001111111000110001",  # H
    "0010000100111110010000100",  # +
]


class GlyphDataset(Dataset):
    def __init__(self, n, seed):
        g = torch.Generator().manual_seed(seed)
        base = torch.tensor([[int(c) for c in b] for b in _BITMAPS], dtype=torch.float).view(-1, 1, 5, 5)
        base = torch.nn.functional.interpolate(base, scale_factor=4, mode="nearest")
        self.y = torch.randint(0, len(_BITMAPS), (n,), generator=g)
        shifts = torch.randint(-2, 3, (n, 2), generator=g)
        imgs = []
        for i in range(n):
            img = torch.roll(base[self.y[i]], shifts=(int(shifts[i, 0]), int(shifts[i, 1])), dims=(1, 2))
            imgs.append(img + 0.3 * torch.randn(img.shape, generator=g))
        self.x = torch.stack(imgs)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
