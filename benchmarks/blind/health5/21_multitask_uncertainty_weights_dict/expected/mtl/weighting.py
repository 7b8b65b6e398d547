import torch
import torch.nn as nn
import torch.nn.functional as F


class UncertaintyWeighting(nn.Module):
    """Homoscedastic-uncertainty task weighting (Kendall, Gal & Cipolla 2018):
    L = sum_t exp(-s_t) * L_t + s_t, with a learnable s_t = log(sigma_t^2) per task."""

    def __init__(self, task_kinds):
        super().__init__()
        self.task_kinds = task_kinds
        self.log_vars = nn.ParameterDict({t: nn.Parameter(torch.zeros(())) for t in task_kinds})

    def task_losses(self, preds, targets):
        out = {}
        for t, kind in self.task_kinds.items():
            if kind == "regression":
                out[t] = F.mse_loss(preds[t], targets[t])
            else:
                out[t] = F.binary_cross_entropy_with_logits(preds[t], targets[t])
        return out

    def forward(self, preds, targets):
        losses = self.task_losses(preds, targets)
        total = sum(torch.exp(-self.log_vars[t]) * l + self.log_vars[t] for t, l in losses.items())
        return total, {t: l.item() for t, l in losses.items()}
