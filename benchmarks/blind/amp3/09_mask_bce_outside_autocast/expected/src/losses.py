import torch.nn as nn


def l1_relative(pred, target, mask):
    diff = (pred - target).abs() * mask
    return diff.sum() / (mask.sum() * pred.shape[1] + 1e-6)


class Losses(nn.Module):
    def __init__(self, lambda_mask=1.0, lambda_rel=2.0):
        super().__init__()
        self.l1 = nn.L1Loss()
        self.mask_loss = nn.BCELoss()
        self.lambda_mask = lambda_mask
        self.lambda_rel = lambda_rel

    def forward(self, pred_img, pred_mask, target, mask):
        rec = self.l1(pred_img, target) + self.lambda_rel * l1_relative(pred_img, target, mask)
        return rec + self.lambda_mask * self.mask_loss(pred_mask.float(), mask)
