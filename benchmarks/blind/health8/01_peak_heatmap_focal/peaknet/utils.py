import torch


def _sigmoid(x):
    y = x.sigmoid()
    return y


def _gather_feat(feat, ind):
    # feat: B x C x L, ind: B x K
    ind = ind.unsqueeze(1).expand(-1, feat.size(1), -1)
    return feat.gather(2, ind)
