import torch
import torch.nn as nn
import torch.nn.functional as F


class _ScaleGrad(torch.autograd.Function):
    """Identity in the forward pass, scales the gradient in the backward pass."""

    @staticmethod
    @torch.amp.custom_fwd(device_type="cpu")
    def forward(ctx, x, scale):
        ctx.scale = scale
        return x.view_as(x)

    @staticmethod
    @torch.amp.custom_bwd(device_type="cpu")
    def backward(ctx, grad):
        return grad * ctx.scale, None


class Embedder(nn.Module):
    def __init__(self, d_in, d_out, head_grad_scale=0.5):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU())
        self.head = nn.Linear(256, d_out)
        self.head_grad_scale = head_grad_scale

    def forward(self, x):
        h = _ScaleGrad.apply(self.body(x), self.head_grad_scale)
        return F.normalize(self.head(h), dim=-1)
