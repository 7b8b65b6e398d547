import torch
import torch.nn.functional as F


def confusion_matrix(pred, target, num_classes):
    """(C, C) matrix, rows = ground truth, cols = prediction."""
    t = F.one_hot(target.flatten(1), num_classes)   # (B, HW, C)
    p = F.one_hot(pred.flatten(1), num_classes)     # (B, HW, C)
    return (t.unsqueeze(-1) * p.unsqueeze(-2)).sum(dim=(0, 1))


def mean_iou(conf):
    conf = conf.double()
    inter = conf.diag()
    union = conf.sum(0) + conf.sum(1) - inter
    valid = union > 0
    return (inter[valid] / union[valid]).mean().item()
