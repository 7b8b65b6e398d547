import torch
import torch.nn as nn


class FrozenQuantizer(nn.Module):
    """Nearest-neighbour quantiser over a frozen codebook (straight-through gradients).

    The codebook is kept in bfloat16: it is frozen and only ever used inside the bf16
    autocast region, so there is no point in holding a float32 copy.
    """

    def __init__(self, codebook):
        super().__init__()
        self.register_buffer("codebook", codebook.to(torch.bfloat16))

    def forward(self, z):                                      # z: [B, N, D]
        d = (z.pow(2).sum(-1, keepdim=True)
             - 2 * z @ self.codebook.t()
             + self.codebook.float().pow(2).sum(-1))
        codes = d.argmin(-1)
        zq = self.codebook[codes].to(z.dtype)
        return z + (zq - z).detach(), codes


class VQAutoencoder(nn.Module):
    def __init__(self, codebook, patch=4, img=16):
        super().__init__()
        dim = codebook.shape[1]
        self.patch, self.img = patch, img
        self.enc = nn.Sequential(nn.Linear(patch * patch, 64), nn.GELU(), nn.Linear(64, dim))
        self.quant = FrozenQuantizer(codebook)
        self.dec = nn.Sequential(nn.Linear(dim, 64), nn.GELU(), nn.Linear(64, patch * patch))

    def to_patches(self, x):
        B, p = x.shape[0], self.patch
        return x.unfold(1, p, p).unfold(2, p, p).reshape(B, -1, p * p)

    def forward(self, x):
        patches = self.to_patches(x)
        zq, codes = self.quant(self.enc(patches))
        return self.dec(zq), patches, codes
