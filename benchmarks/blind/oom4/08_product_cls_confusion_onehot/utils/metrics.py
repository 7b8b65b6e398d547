import torch
import torch.nn.functional as F


def confusion_matrix(targets, preds, num_classes):
    t = F.one_hot(targets, num_classes).float()
    p = F.one_hot(preds, num_classes).float()
    return t.T @ p


def macro_f1(cm):
    tp = cm.diag()
    precision = tp / cm.sum(0).clamp(min=1)
    recall = tp / cm.sum(1).clamp(min=1)
    f1 = 2 * precision * recall / (precision + recall).clamp(min=1e-12)
    return f1.mean().item()
