import torch
import torch.nn.functional as F


def confusion_matrix(preds, targets, num_classes):
    idx = targets * num_classes + preds
    return torch.bincount(idx, minlength=num_classes * num_classes).view(num_classes, num_classes).float()


def classification_report(preds, targets, num_classes):
    cm = confusion_matrix(preds, targets, num_classes)
    tp = cm.diag()
    precision = tp / cm.sum(0).clamp(min=1)
    recall = tp / cm.sum(1).clamp(min=1)
    f1 = 2 * precision * recall / (precision + recall).clamp(min=1e-8)
    present = cm.sum(1) > 0
    return {
        "acc": (tp.sum() / cm.sum()).item(),
        "macro_recall": recall[present].mean().item(),
        "macro_f1": f1[present].mean().item(),
    }
