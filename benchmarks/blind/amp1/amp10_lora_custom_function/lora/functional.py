import torch
import torch.nn.functional as F


class LoRALinearFunction(torch.autograd.Function):
    """y = x W^T + b + s * (x A^T) B^T.

    Saves only the layer input and recomputes the rank-r projection in backward,
    so the (tokens x rank) intermediate is never kept alive between passes.
    W and b are frozen and receive no gradient.
    """

    @staticmethod
    def forward(ctx, x, weight, bias, lora_a, lora_b, scaling):
        ctx.save_for_backward(x, weight, lora_a, lora_b)
        ctx.scaling = scaling
        out = F.linear(x, weight, bias)
        return out + scaling * F.linear(F.linear(x, lora_a), lora_b)

    @staticmethod
    def backward(ctx, grad_out):
        x, weight, lora_a, lora_b = ctx.saved_tensors
        s = ctx.scaling
        x2 = x.reshape(-1, x.shape[-1])
        g2 = grad_out.reshape(-1, grad_out.shape[-1])
        xa = x2 @ lora_a.t()
        grad_b = s * (g2.t() @ xa)
        grad_xa = s * (g2 @ lora_b)
        grad_a = grad_xa.t() @ x2
        grad_x = (g2 @ weight + grad_xa @ lora_a).view_as(x)
        return grad_x, None, None, grad_a, grad_b, None


lora_linear = LoRALinearFunction.apply
