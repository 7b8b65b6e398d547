import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class LogCoshLoss(nn.Module):
    """log(cosh(y_pred - y_true)): ~L2 near 0, ~L1 for big errors, smooth everywhere."""

    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = reduction

    def forward(self, y_pred, y_true):
        diff = y_pred - y_true
        loss = diff + F.softplus(-2.0 * diff) - math.log(2.0)
        if self.reduction == "mean":
            return loss.mean()
        return loss.sum()


def rmsle(y_pred, y_true):
    return torch.sqrt(torch.mean((torch.log1p(y_pred.clamp(min=0)) - torch.log1p(y_true)) ** 2))
