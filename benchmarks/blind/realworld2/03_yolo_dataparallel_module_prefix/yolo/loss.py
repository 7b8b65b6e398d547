import torch
import torch.nn as nn
import torch.nn.functional as F


class yoloLoss(nn.Module):
    def __init__(self, S, B, l_coord, l_noobj):
        super(yoloLoss, self).__init__()
        self.S, self.B = S, B
        self.l_coord, self.l_noobj = l_coord, l_noobj

    def forward(self, pred_tensor, target_tensor):
        coo_mask = (target_tensor[..., 4] > 0).unsqueeze(-1).expand_as(target_tensor)
        noo_mask = (target_tensor[..., 4] == 0).unsqueeze(-1).expand_as(target_tensor)
        coo_pred = pred_tensor[coo_mask].view(-1, 14)
        coo_target = target_tensor[coo_mask].view(-1, 14)
        noo_pred = pred_tensor[noo_mask].view(-1, 14)
        noo_target = target_tensor[noo_mask].view(-1, 14)
        nooobj_loss = F.mse_loss(noo_pred[:, [4, 9]], noo_target[:, [4, 9]], reduction='sum')
        loc_loss = F.mse_loss(coo_pred[:, 0:4], coo_target[:, 0:4], reduction='sum')
        contain_loss = F.mse_loss(coo_pred[:, [4, 9]], coo_target[:, [4, 9]], reduction='sum')
        class_loss = F.mse_loss(coo_pred[:, 10:], coo_target[:, 10:], reduction='sum')
        N = pred_tensor.size(0)
        return (self.l_coord * loc_loss + contain_loss + self.l_noobj * nooobj_loss + class_loss) / N
