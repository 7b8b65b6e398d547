import torch
from torch import nn
import torch.nn.functional as F


class FocalLoss(nn.Module):
    """Multi-class focal loss (Lin et al. 2017) for imbalanced classification.

    FL(p_t) = -alpha * (1 - p_t) ** gamma * log(p_t)
    """

    def __init__(self, gamma=2.0, alpha=0.25):
        super().__init__()
        self.gamma = gamma
        self.alpha = alpha

    def forward(self, logits, target):
        log_p = F.log_softmax(logits, dim=-1)
        log_pt = log_p.gather(1, target.unsqueeze(1)).squeeze(1)
        pt = log_pt.exp()
        loss = -self.alpha * (1.0 - pt) ** self.gamma * log_pt
        return loss
