import torch
import torch.nn as nn


def dense_block(d_in, d_out, act=True, bn=True):
    layers = [nn.Linear(d_in, d_out)]
    if bn:
        layers.append(nn.BatchNorm1d(d_out))
    if act:
        layers.append(nn.LeakyReLU(0.1))
    return nn.Sequential(*layers)


class DenoisingAE(nn.Module):
    """Stacked denoising autoencoder; reconstruction error is used as anomaly score."""

    def __init__(self, in_dim, hidden=(64, 32), bottleneck=8, batchnorm=True):
        super().__init__()
        dims = [in_dim, *hidden, bottleneck]
        self.encoder_blocks = nn.ModuleList()
        for i in range(len(dims) - 1):
            last = i == len(dims) - 2
            self.encoder_blocks.append(dense_block(dims[i], dims[i + 1], act=not last, bn=batchnorm and not last))
        rdims = dims[::-1]
        self.decoder_blocks = nn.ModuleList()
        for i in range(len(rdims) - 1):
            last = i == len(rdims) - 2
            self.decoder_blocks.append(dense_block(rdims[i], rdims[i + 1], act=not last, bn=batchnorm and not last))

    def encode(self, x):
        for blk in self.encoder_blocks:
            x = blk(x)
        return x

    def decode(self, z):
        for blk in self.decoder_blocks:
            z = blk(z)
        return z

    def forward(self, x):
        return self.decode(self.encode(x))

    @torch.no_grad()
    def anomaly_score(self, x):
        return (self(x) - x).pow(2).mean(dim=1)
