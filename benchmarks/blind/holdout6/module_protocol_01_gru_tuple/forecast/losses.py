import torch


def pinball_loss(pred, target, quantiles):
    q = torch.tensor(quantiles, dtype=pred.dtype).view(1, 1, -1)
    diff = target.unsqueeze(-1) - pred
    return torch.maximum(q * diff, (q - 1) * diff).mean()
