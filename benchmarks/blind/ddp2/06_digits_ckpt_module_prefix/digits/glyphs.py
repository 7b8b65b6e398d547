import torch
from torch.utils.data import Dataset

# seven-segment layout on a 12x12 canvas: (row slice, col slice)
SEGMENTS = {
    "a": (slice(1, 2), slice(3, 9)), "b": (slice(1, 6), slice(8, 9)),
    "c": (slice(6, 11), slice(8, 9)), "d": (slice(10, 11), slice(3, 9)),
    "e": (slice(6, 11), slice(3, 4)), "f": (slice(1, 6), slice(3, 4)),
    "g": (slice(5, 6), slice(3, 9)),
}
DIGITS = ["abcdef", "bc", "abged", "abgcd", "fgbc", "afgcd", "afgedc", "abc", "abcdefg", "abcdfg"]


class SegmentDigits(Dataset):
    def __init__(self, n, seed):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.randint(0, 10, (n,), generator=g)
        self.x = 0.25 * torch.randn(n, 1, 12, 12, generator=g)
        for i, d in enumerate(self.y.tolist()):
            for s in DIGITS[d]:
                r, c = SEGMENTS[s]
                self.x[i, 0, r, c] += 1.0

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
