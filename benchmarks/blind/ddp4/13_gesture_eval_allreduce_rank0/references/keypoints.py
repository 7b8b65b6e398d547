import math

import torch
from torch.utils.data import Dataset


class GestureSequences(Dataset):
    """Each gesture class moves 21 keypoints along a class-specific trajectory (+ jitter)."""

    def __init__(self, n, num_classes=5, frames=16, joints=21, seed=0):
        g = torch.Generator().manual_seed(seed)
        base = torch.rand(joints, 2, generator=torch.Generator().manual_seed(1234))  # shared hand template
        t = torch.linspace(0, 1, frames).view(frames, 1, 1)
        self.y = torch.randint(0, num_classes, (n,), generator=g)
        ang = 2 * math.pi * self.y.float() / num_classes
        direction = torch.stack([torch.cos(ang), torch.sin(ang)], -1).view(n, 1, 1, 2)
        seqs = base + 0.3 * t * direction + 0.03 * torch.randn(n, frames, joints, 2, generator=g)
        self.x = seqs.flatten(2)  # [n, frames, joints*2]

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
