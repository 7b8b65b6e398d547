import torch
import torch.nn as nn


class FastSigmoid(torch.autograd.Function):
    @staticmethod
    def forward(ctx, mem, slope=25.0):
        ctx.save_for_backward(mem)
        ctx.slope = slope
        return (mem > 0).float()

    @staticmethod
    def backward(ctx, grad_output):
        (mem,) = ctx.saved_tensors
        grad = grad_output / (ctx.slope * torch.abs(mem) + 1.0) ** 2
        return grad, None


spike_grad = FastSigmoid.apply


class Leaky(nn.Module):
    """Leaky integrate-and-fire neuron that keeps its membrane potential between calls (init_hidden=True)."""

    def __init__(self, beta, threshold=1.0, init_hidden=False, output=False):
        super().__init__()
        self.beta = beta
        self.threshold = threshold
        self.init_hidden = init_hidden
        self.output = output
        self.mem = None

    def reset_hidden(self):
        self.mem = None

    def forward(self, x):
        if self.mem is None or self.mem.shape != x.shape:
            self.mem = torch.zeros_like(x)
        self.mem = self.beta * self.mem + x
        spk = spike_grad(self.mem - self.threshold)
        self.mem = self.mem - spk * self.threshold
        if self.output:
            return spk, self.mem
        return spk


def reset(net):
    for m in net.modules():
        if isinstance(m, Leaky):
            m.reset_hidden()
    return net
