import torch
import torch.nn as nn
import torch.nn.functional as F

from .box_utils import match


class MultiBoxLoss(nn.Module):
    """SSD Weighted Loss Function (smooth L1 localization + cross entropy with 3:1 hard negative mining)"""

    def __init__(self, num_classes, overlap_thresh, neg_pos, variance):
        super(MultiBoxLoss, self).__init__()
        self.num_classes = num_classes
        self.threshold = overlap_thresh
        self.negpos_ratio = neg_pos
        self.variance = variance

    def forward(self, predictions, targets):
        loc_data, conf_data, priors = predictions
        num = loc_data.size(0)
        num_priors = priors.size(0)
        loc_t = torch.Tensor(num, num_priors, 4)
        conf_t = torch.LongTensor(num, num_priors)
        for idx in range(num):
            truths = targets[idx][:, :-1].data
            labels = targets[idx][:, -1].data.long()
            match(self.threshold, truths, priors.data, self.variance, labels, loc_t, conf_t, idx)
        pos = conf_t > 0
        loss_l = F.smooth_l1_loss(loc_data[pos], loc_t[pos], reduction='sum')
        loss_c_all = F.cross_entropy(conf_data.view(-1, self.num_classes), conf_t.view(-1),
                                     reduction='none').view(num, -1)
        loss_c_neg = loss_c_all.clone().detach()
        loss_c_neg[pos] = 0
        _, loss_idx = loss_c_neg.sort(1, descending=True)
        _, idx_rank = loss_idx.sort(1)
        num_pos = pos.long().sum(1, keepdim=True)
        num_neg = torch.clamp(self.negpos_ratio * num_pos, max=pos.size(1) - 1)
        neg = idx_rank < num_neg.expand_as(idx_rank)
        loss_c = loss_c_all[pos | neg].sum()
        N = num_pos.sum().clamp(min=1).float()
        return loss_l / N, loss_c / N
