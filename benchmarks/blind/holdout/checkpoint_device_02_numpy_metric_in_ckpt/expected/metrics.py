import numpy as np


def macro_f1(preds, targets, num_classes):
    """Macro-averaged F1 over classes (preds/targets: 1-D int arrays)."""
    preds = np.asarray(preds)
    targets = np.asarray(targets)
    f1s = []
    for c in range(num_classes):
        tp = np.sum((preds == c) & (targets == c))
        fp = np.sum((preds == c) & (targets != c))
        fn = np.sum((preds != c) & (targets == c))
        denom = 2 * tp + fp + fn
        f1s.append(2 * tp / denom if denom > 0 else 0.0)
    return float(np.mean(f1s))
