import torch.nn as nn


class PatchMixer(nn.Module):
    """A tiny MLP-Mixer-style image classifier."""

    def __init__(self, image_size=32, patch=4, dim=64, depth=2, num_classes=10):
        super().__init__()
        n_patches = (image_size // patch) ** 2
        self.embed = nn.Conv2d(3, dim, patch, stride=patch)
        self.blocks = nn.ModuleList()
        for _ in range(depth):
            self.blocks.append(nn.ModuleDict({
                "norm1": nn.LayerNorm(dim),
                "token_mlp": nn.Sequential(nn.Linear(n_patches, n_patches * 2), nn.GELU(), nn.Linear(n_patches * 2, n_patches)),
                "norm2": nn.LayerNorm(dim),
                "channel_mlp": nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim)),
            }))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        x = self.embed(x).flatten(2).transpose(1, 2)
        for blk in self.blocks:
            x = x + blk["token_mlp"](blk["norm1"](x).transpose(1, 2)).transpose(1, 2)
            x = x + blk["channel_mlp"](blk["norm2"](x))
        return self.head(self.norm(x).mean(1))
