import torch
import torch.nn as nn


class BinaryLinearFn(torch.autograd.Function):
    """y = x @ sign(W)^T + b, with a straight-through estimator for W (clipped at |W| > 1)."""

    @staticmethod
    def forward(ctx, x, weight, bias):
        w_bin = torch.where(weight >= 0, 1.0, -1.0).to(weight.dtype)
        ctx.save_for_backward(x, weight, w_bin)
        return torch.addmm(bias, x, w_bin.t())

    @staticmethod
    def backward(ctx, grad_out):
        x, weight, w_bin = ctx.saved_tensors
        grad_x = grad_out.matmul(w_bin)
        grad_w = grad_out.t().matmul(x) * (weight.abs() <= 1).to(grad_out.dtype)
        grad_b = grad_out.sum(0)
        return grad_x, grad_w, grad_b


class BinaryLinear(nn.Linear):
    def forward(self, x):
        return BinaryLinearFn.apply(x, self.weight, self.bias)


class BinaryMLP(nn.Module):
    def __init__(self, d_in, hidden, n_out):
        super().__init__()
        self.fc1 = BinaryLinear(d_in, hidden)
        self.bn1 = nn.BatchNorm1d(hidden)
        self.fc2 = BinaryLinear(hidden, hidden)
        self.bn2 = nn.BatchNorm1d(hidden)
        self.out = nn.Linear(hidden, n_out)   # last layer kept real-valued

    def forward(self, x):
        x = torch.nn.functional.hardtanh(self.bn1(self.fc1(x)))
        x = torch.nn.functional.hardtanh(self.bn2(self.fc2(x)))
        return self.out(x)

    @torch.no_grad()
    def clip_latent_weights(self):
        for m in (self.fc1, self.fc2):
            m.weight.clamp_(-1, 1)
