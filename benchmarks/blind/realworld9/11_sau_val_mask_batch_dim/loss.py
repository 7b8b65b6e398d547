import torch
import torch.nn as nn
import torch.nn.functional as F


class DualLoss(nn.Module):
    """cross entropy on the segmentation head + weighted BCE on the shape (edge) stream"""

    def __init__(self, edge_weight=20.0, num_class=4):
        super(DualLoss, self).__init__()
        self.edge_weight = edge_weight
        self.num_class = num_class
        self.seg_loss = nn.CrossEntropyLoss()

    def bce2d(self, input, target):
        pos = (target == 1).float()
        neg = (target == 0).float()
        pos_num, neg_num = pos.sum(), neg.sum()
        sum_num = pos_num + neg_num
        weight = torch.zeros_like(target)
        weight[target == 1] = neg_num / sum_num
        weight[target == 0] = pos_num / sum_num
        return F.binary_cross_entropy_with_logits(input, target, weight)

    def forward(self, inputs, targets, epoch=0):
        seg_in, edge_in = inputs
        seg_target, edge_target = targets
        loss_seg = self.seg_loss(seg_in, seg_target)
        loss_edge = self.edge_weight * self.bce2d(edge_in, edge_target)
        return loss_seg + loss_edge
