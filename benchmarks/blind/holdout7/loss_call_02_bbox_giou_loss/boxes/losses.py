import torch
import torch.nn as nn
import torch.nn.functional as F

from .ops import cxcywh_to_xyxy, generalized_iou


class BoxRegressionLoss(nn.Module):
    """DETR-style box loss: weighted smooth-L1 on (cx, cy, w, h) plus GIoU."""

    def __init__(self, l1_weight=5.0, giou_weight=2.0, coord_weights=(1.0, 1.0, 1.5, 1.5), beta=0.05):
        super().__init__()
        self.l1_weight = l1_weight
        self.giou_weight = giou_weight
        self.beta = beta
        self.register_buffer("coord_weights", torch.tensor(coord_weights))

    def forward(self, pred, target):
        l1 = F.smooth_l1_loss(pred, target, reduction="none", beta=self.beta)
        l1 = (l1 * self.coord_weights).sum(dim=1)
        giou = 1.0 - generalized_iou(cxcywh_to_xyxy(pred), cxcywh_to_xyxy(target))
        return self.l1_weight * l1 + self.giou_weight * giou
