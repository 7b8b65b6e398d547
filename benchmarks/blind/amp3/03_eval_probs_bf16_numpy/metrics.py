import numpy as np


def binary_auroc(scores, labels):
    order = np.argsort(-scores, kind="mergesort")
    labels = labels[order]
    pos = labels.sum()
    neg = len(labels) - pos
    if pos == 0 or neg == 0:
        return float("nan")
    tps = np.cumsum(labels)
    fps = np.cumsum(1 - labels)
    tpr = np.concatenate([[0.0], tps / pos])
    fpr = np.concatenate([[0.0], fps / neg])
    return float(np.trapezoid(tpr, fpr))


def macro_auroc(probs, targets):
    per_class = [binary_auroc(probs[:, c], targets[:, c]) for c in range(targets.shape[1])]
    return float(np.nanmean(per_class)), per_class
