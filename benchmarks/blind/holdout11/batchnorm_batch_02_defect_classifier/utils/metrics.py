import torch


def confusion_matrix(preds, labels, n_classes):
    cm = torch.zeros(n_classes, n_classes, dtype=torch.long)
    for p, t in zip(preds.tolist(), labels.tolist()):
        cm[t, p] += 1
    return cm


def per_class_recall(cm):
    return (cm.diag().float() / cm.sum(1).clamp(min=1).float()).tolist()
