import torch
import torch.nn as nn


def fake_quant_per_channel(w, bits=8):
    qmax = 2 ** (bits - 1) - 1
    scale = w.detach().abs().amax(dim=1, keepdim=True).clamp(min=1e-8) / qmax
    return torch.clamp(torch.round(w / scale), -qmax - 1, qmax) * scale


class _QuantLinearFn(torch.autograd.Function):
    @staticmethod
    @torch.amp.custom_fwd(device_type="cpu")
    def forward(ctx, x, weight, bias, bits):
        w_q = fake_quant_per_channel(weight, bits)
        ctx.save_for_backward(x, w_q)
        return torch.nn.functional.linear(x, w_q, bias)

    @staticmethod
    @torch.amp.custom_bwd(device_type="cpu")
    def backward(ctx, grad_out):
        x, w_q = ctx.saved_tensors
        grad_x = grad_out.matmul(w_q)
        g2 = grad_out.reshape(-1, grad_out.shape[-1])
        grad_w = g2.t().matmul(x.reshape(-1, x.shape[-1]))
        grad_b = g2.sum(0)
        return grad_x, grad_w, grad_b, None


class QuantLinear(nn.Linear):
    def __init__(self, in_features, out_features, bias=True, bits=8):
        super().__init__(in_features, out_features, bias=bias)
        self.bits = bits

    def forward(self, x):
        return _QuantLinearFn.apply(x, self.weight, self.bias, self.bits)


def quantize_model(model: nn.Module, bits=8):
    for name, child in list(model.named_children()):
        if isinstance(child, nn.Linear):
            q = QuantLinear(child.in_features, child.out_features, child.bias is not None, bits)
            q.load_state_dict(child.state_dict())
            setattr(model, name, q)
        else:
            quantize_model(child, bits)
    return model
