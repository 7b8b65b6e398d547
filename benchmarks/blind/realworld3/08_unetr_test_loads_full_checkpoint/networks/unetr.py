import torch
import torch.nn as nn


class UNETR(nn.Module):
    """heavily shrunk 2D stand-in for MONAI's UNETR: patch-embedding transformer encoder + conv decoder"""

    def __init__(self, in_channels=1, out_channels=3, img_size=32, feature_size=16, hidden_size=64,
                 num_heads=4, patch=8):
        super().__init__()
        self.patch = patch
        self.grid = img_size // patch
        self.patch_embed = nn.Conv2d(in_channels, hidden_size, patch, stride=patch)
        self.pos = nn.Parameter(torch.zeros(1, self.grid * self.grid, hidden_size))
        layer = nn.TransformerEncoderLayer(hidden_size, num_heads, hidden_size * 2, batch_first=True)
        self.vit = nn.TransformerEncoder(layer, 2)
        self.decoder = nn.Sequential(
            nn.ConvTranspose2d(hidden_size, feature_size, patch, stride=patch), nn.ReLU())
        self.skip = nn.Conv2d(in_channels, feature_size, 3, padding=1)
        self.out = nn.Conv2d(feature_size, out_channels, 1)

    def forward(self, x_in):
        b = x_in.shape[0]
        tok = self.patch_embed(x_in).flatten(2).transpose(1, 2) + self.pos
        h = self.vit(tok).transpose(1, 2).reshape(b, -1, self.grid, self.grid)
        return self.out(self.decoder(h) + self.skip(x_in))
