import torch
import torch.nn as nn

from .utils import _gather_feat


def _neg_loss(pred, gt):
    """Modified focal loss (CornerNet / CenterNet) on a 1-D heatmap."""
    pos_inds = gt.eq(1).float()
    neg_inds = gt.lt(1).float()
    neg_weights = torch.pow(1 - gt, 4)

    pos_loss = torch.log(pred) * torch.pow(1 - pred, 2) * pos_inds
    neg_loss = torch.log(1 - pred) * torch.pow(pred, 2) * neg_weights * neg_inds

    num_pos = pos_inds.float().sum()
    pos_loss = pos_loss.sum()
    neg_loss = neg_loss.sum()
    if num_pos == 0:
        return -neg_loss
    return -(pos_loss + neg_loss) / num_pos


class FocalLoss(nn.Module):
    def forward(self, pred, target):
        return _neg_loss(pred, target)


class RegL1Loss(nn.Module):
    def forward(self, output, mask, ind, target):
        pred = _gather_feat(output, ind)
        mask = mask.unsqueeze(1).float()
        loss = (torch.abs(pred * mask - target * mask)).sum()
        return loss / (mask.sum() + 1e-4)


class PeakLoss(nn.Module):
    def __init__(self, hm_weight=1.0, wh_weight=0.1):
        super().__init__()
        self.crit = FocalLoss()
        self.crit_wh = RegL1Loss()
        self.hm_weight = hm_weight
        self.wh_weight = wh_weight

    def forward(self, outputs, batch):
        hm_loss = self.crit(outputs["hm"], batch["hm"])
        wh_loss = self.crit_wh(outputs["wh"], batch["reg_mask"], batch["ind"], batch["wh"])
        loss = self.hm_weight * hm_loss + self.wh_weight * wh_loss
        return loss, {"hm": hm_loss.item(), "wh": wh_loss.item()}
