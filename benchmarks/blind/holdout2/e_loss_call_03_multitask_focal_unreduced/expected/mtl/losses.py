import torch
from torch import nn
import torch.nn.functional as F


class FocalLoss(nn.Module):
    """Multi-class focal loss (Lin et al. 2017) with optional per-class alpha weights."""

    def __init__(self, gamma: float = 2.0, alpha=None):
        super().__init__()
        self.gamma = gamma
        self.register_buffer("alpha", None if alpha is None else torch.as_tensor(alpha, dtype=torch.float32))

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        log_p = F.log_softmax(logits, dim=-1)
        log_pt = log_p.gather(1, target.unsqueeze(1)).squeeze(1)
        pt = log_pt.exp()
        loss = -((1 - pt) ** self.gamma) * log_pt
        if self.alpha is not None:
            loss = self.alpha[target] * loss
        return loss.mean()


class MultiTaskLoss(nn.Module):
    def __init__(self, weights: dict, focal_gamma: float, class_alpha):
        super().__init__()
        self.weights = weights
        self.cls = FocalLoss(focal_gamma, class_alpha)
        self.reg = nn.SmoothL1Loss()

    def forward(self, out: dict, batch: dict):
        parts = {
            "defect": self.cls(out["defect"], batch["defect"]),
            "thickness": self.reg(out["thickness"].squeeze(-1), batch["thickness"]),
        }
        total = sum(self.weights[k] * v for k, v in parts.items())
        return total, parts
