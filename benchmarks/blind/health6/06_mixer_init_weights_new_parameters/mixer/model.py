import torch.nn as nn


class MlpBlock(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


class MixerLayer(nn.Module):
    def __init__(self, n_tokens, dim, tok_hidden, ch_hidden):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mix = MlpBlock(n_tokens, tok_hidden)
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mix = MlpBlock(dim, ch_hidden)

    def forward(self, x):
        x = x + self.token_mix(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channel_mix(self.norm2(x))


class MlpMixer(nn.Module):
    def __init__(self, img_size=32, patch=4, in_ch=3, dim=64, depth=3, num_classes=10):
        super().__init__()
        n_tokens = (img_size // patch) ** 2
        self.stem = nn.Conv2d(in_ch, dim, patch, stride=patch)
        self.layers = nn.Sequential(*[MixerLayer(n_tokens, dim, dim // 2, dim * 2) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        x = self.stem(x).flatten(2).transpose(1, 2)
        x = self.norm(self.layers(x))
        return self.head(x.mean(1))
