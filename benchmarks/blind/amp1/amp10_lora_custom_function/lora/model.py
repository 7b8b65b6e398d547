import torch
import torch.nn as nn


class MixerBlock(nn.Module):
    def __init__(self, num_tokens, dim, expansion=2):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mix = nn.Linear(num_tokens, num_tokens)
        self.norm2 = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, dim * expansion)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(dim * expansion, dim)

    def forward(self, x):
        x = x + self.token_mix(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.fc2(self.act(self.fc1(self.norm2(x))))


class MLPMixerLite(nn.Module):
    def __init__(self, num_tokens=8, dim=32, num_classes=4, depth=2, in_features=6):
        super().__init__()
        self.embed = nn.Linear(in_features, dim)
        self.blocks = nn.Sequential(*[MixerBlock(num_tokens, dim) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        h = self.blocks(self.embed(x))
        return self.head(self.norm(h).mean(1))


def make_dataset(n, num_tokens=8, in_features=6, num_classes=4, seed=0):
    g = torch.Generator().manual_seed(seed)
    proto = torch.randn(num_classes, num_tokens, in_features, generator=g)
    y = torch.randint(0, num_classes, (n,), generator=g)
    x = proto[y] + 0.8 * torch.randn(n, num_tokens, in_features, generator=g)
    return torch.utils.data.TensorDataset(x, y)
