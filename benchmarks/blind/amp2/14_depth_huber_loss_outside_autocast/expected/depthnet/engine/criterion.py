import torch.nn as nn
import torch.nn.functional as F


def _grads(d):
    return d[..., :, 1:] - d[..., :, :-1], d[..., 1:, :] - d[..., :-1, :]


class DepthCriterion(nn.Module):
    """Huber on depth + L1 on its spatial gradients (sharper object boundaries)."""

    def __init__(self, delta=0.5, grad_weight=0.5):
        super().__init__()
        self.delta, self.grad_weight = delta, grad_weight

    def forward(self, pred, target):
        pred = pred.float()
        loss = F.huber_loss(pred, target, delta=self.delta)
        (pgx, pgy), (tgx, tgy) = _grads(pred), _grads(target)
        loss = loss + self.grad_weight * ((pgx - tgx).abs().mean() + (pgy - tgy).abs().mean())
        return loss
