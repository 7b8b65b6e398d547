import numpy as np
import torch
import torch.nn as nn


class SoftDiceLoss(nn.Module):
    def __init__(self, smooth=1.0):
        super().__init__()
        self.smooth = smooth

    def forward(self, logits, target):
        probs = torch.sigmoid(logits)
        dims = tuple(range(1, probs.ndim))
        inter = (probs * target).sum(dim=dims)
        denom = probs.sum(dim=dims) + target.sum(dim=dims)
        dice = (2.0 * inter + self.smooth) / (denom + self.smooth)
        return 1.0 - dice.mean()


class BCEDiceLoss(nn.Module):
    def __init__(self, bce_weight=0.5):
        super().__init__()
        self.bce = nn.BCEWithLogitsLoss()
        self.dice = SoftDiceLoss()
        self.w = bce_weight

    def forward(self, logits, target):
        return self.w * self.bce(logits, target) + (1 - self.w) * self.dice(logits, target)


def get_loss(name):
    return {"dice": SoftDiceLoss, "bce": nn.BCEWithLogitsLoss, "bce_dice": BCEDiceLoss}[name]()


def iou_score(logits, target, threshold=0.5):
    pred = (torch.sigmoid(logits) > threshold).float()
    inter = (pred * target).sum(dim=(1, 2, 3))
    union = ((pred + target) > 0).float().sum(dim=(1, 2, 3))
    return float(np.mean(((inter + 1e-6) / (union + 1e-6)).cpu().numpy()))
