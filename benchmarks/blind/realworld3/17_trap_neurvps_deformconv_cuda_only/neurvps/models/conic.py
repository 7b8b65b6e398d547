import torch
from torch import nn
from .deformable import DeformConv


class ConicConv(nn.Module):
    """conic convolution: a 3x3 deformable conv whose sampling grid is rotated towards the vanishing point"""

    def __init__(self, c_in, c_out, kernel_size=3, bias=False):
        super().__init__()
        self.deform_conv = DeformConv(c_in, c_out, kernel_size=kernel_size, stride=1, padding=1,
                                      im2col_step=64, bias=bias)
        self.kernel_size = kernel_size

    def forward(self, input, vpts):
        N, C, H, W = input.shape
        ys, xs = torch.meshgrid(torch.arange(0, H).float(), torch.arange(0, W).float(), indexing="ij")
        d0 = vpts[:, :, None, None] - torch.stack([ys, xs])[None].to(input.device)
        d0 = d0 / torch.norm(d0, dim=1, keepdim=True).clamp(min=1e-6)
        d1 = torch.stack([d0[:, 1], -d0[:, 0]], 1)
        offset = []
        for i in range(-1, 2):
            for j in range(-1, 2):
                offset.append(i * d0 + j * d1 - torch.tensor([i, j], dtype=input.dtype,
                                                               device=input.device)[None, :, None, None])
        offset = torch.cat(offset, 1)
        return self.deform_conv(input, offset)
