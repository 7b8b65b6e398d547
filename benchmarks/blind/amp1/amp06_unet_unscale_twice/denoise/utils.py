import math

import torch


def clip_gradients(model, optimizer, scaler, max_norm):
    """Unscale (if mixed precision) and clip; returns the pre-clip total norm."""
    scaler.unscale_(optimizer)
    return torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)


def psnr(pred, target):
    mse = torch.mean((pred.float() - target.float()) ** 2).item()
    return 10 * math.log10(1.0 / max(mse, 1e-10))
