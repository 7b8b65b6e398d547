import torch.nn as nn


class MixerBlock(nn.Module):
    def __init__(self, n_tokens, dim):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mlp = nn.Sequential(nn.Linear(n_tokens, n_tokens * 2), nn.GELU(),
                                       nn.Linear(n_tokens * 2, n_tokens))
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mlp = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(),
                                         nn.Linear(dim * 2, dim))

    def forward(self, x):
        x = x + self.token_mlp(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channel_mlp(self.norm2(x))


class Mixer(nn.Module):
    def __init__(self, image_size, patch, dim, depth, n_classes):
        super().__init__()
        n_tokens = (image_size // patch) ** 2
        self.stem = nn.Conv2d(1, dim, kernel_size=patch, stride=patch)
        self.blocks = nn.Sequential(*[MixerBlock(n_tokens, dim) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, n_classes)

    def forward(self, img):
        x = self.stem(img).flatten(2).transpose(1, 2)
        x = self.norm(self.blocks(x))
        return self.head(x.mean(1))
