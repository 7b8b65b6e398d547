import torch.nn as nn
import torch.nn.functional as F


class SingleObjectLoss(nn.Module):
    """Classification + box regression loss for single-object localisation."""

    def __init__(self, box_weight=5.0):
        super().__init__()
        self.box_weight = box_weight

    def forward(self, cls_logits, box_pred, labels, boxes):
        cls_loss = F.cross_entropy(cls_logits, labels)
        box_loss = nn.SmoothL1Loss(box_pred.sigmoid(), boxes)
        total = cls_loss + self.box_weight * box_loss
        return total, {"cls": cls_loss.detach(), "box": box_loss.detach()}
