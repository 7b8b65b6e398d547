import torch.nn as nn
import torch.nn.functional as F


class MultiTaskLoss(nn.Module):
    def __init__(self, weights=None):
        super().__init__()
        self.weights = weights or {"churn": 1.0, "spend": 0.5}

    def forward(self, out, tgt):
        parts = {
            "churn": F.cross_entropy(out["churn"], tgt["churn"]),
            "spend": F.smooth_l1_loss(out["spend"].squeeze(-1), tgt["spend"]),
        }
        total = sum(self.weights[k] * v for k, v in parts.items())
        return total, {k: v.item() for k, v in parts.items()}
