import numpy as np


def accuracy(logits_list, labels_list):
    """Top-1 accuracy over a whole epoch of collected predictions."""
    preds = np.concatenate([l.argmax(1).numpy() for l in logits_list])
    labels = np.concatenate([y.numpy() for y in labels_list])
    return float(np.mean(preds == labels))


def macro_f1(logits_list, labels_list, n_classes):
    preds = np.concatenate([l.argmax(1).numpy() for l in logits_list])
    labels = np.concatenate([y.numpy() for y in labels_list])
    f1s = []
    for c in range(n_classes):
        tp = np.sum((preds == c) & (labels == c))
        fp = np.sum((preds == c) & (labels != c))
        fn = np.sum((preds != c) & (labels == c))
        f1s.append(2 * tp / max(2 * tp + fp + fn, 1))
    return float(np.mean(f1s))
