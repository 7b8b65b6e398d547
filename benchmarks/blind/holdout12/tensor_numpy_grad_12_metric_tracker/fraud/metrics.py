import numpy as np
import torch


def roc_auc(scores, targets):
    order = np.argsort(scores)
    ranks = np.empty(len(scores))
    ranks[order] = np.arange(1, len(scores) + 1)
    pos = targets == 1
    n_pos, n_neg = pos.sum(), (~pos).sum()
    if n_pos == 0 or n_neg == 0:
        return float("nan")
    return (ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


class BinaryMetricTracker:
    def __init__(self, threshold=0.5):
        self.threshold = threshold
        self.reset()

    def reset(self):
        self.scores, self.targets, self.losses = [], [], []

    def update(self, logits, targets, loss):
        self.scores.append(torch.sigmoid(logits).numpy())
        self.targets.append(targets.numpy())
        self.losses.append(float(loss))

    def compute(self):
        s = np.concatenate(self.scores)
        t = np.concatenate(self.targets).astype(int)
        pred = (s >= self.threshold).astype(int)
        tp = int(((pred == 1) & (t == 1)).sum())
        fp = int(((pred == 1) & (t == 0)).sum())
        fn = int(((pred == 0) & (t == 1)).sum())
        precision = tp / max(tp + fp, 1)
        recall = tp / max(tp + fn, 1)
        return {
            "loss": float(np.mean(self.losses)),
            "auc": float(roc_auc(s, t)),
            "precision": precision,
            "recall": recall,
        }
