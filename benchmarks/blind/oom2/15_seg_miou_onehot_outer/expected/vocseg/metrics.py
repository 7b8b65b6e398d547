import torch
import torch.nn.functional as F


def confusion_matrix(pred, target, num_classes):
    """(C, C) matrix, rows = ground truth, cols = prediction."""
    idx = target.flatten() * num_classes + pred.flatten()
    return torch.bincount(idx, minlength=num_classes * num_classes).view(num_classes, num_classes)


def mean_iou(conf):
    conf = conf.double()
    inter = conf.diag()
    union = conf.sum(0) + conf.sum(1) - inter
    valid = union > 0
    return (inter[valid] / union[valid]).mean().item()
