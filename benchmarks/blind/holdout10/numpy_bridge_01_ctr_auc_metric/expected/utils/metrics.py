import numpy as np


def _to_numpy(x):
    if hasattr(x, "cpu"):
        return x.detach().cpu().numpy()
    return np.asarray(x)


def roc_auc(y_true, y_score):
    """Mann-Whitney AUC with average ranks for ties."""
    y_true = _to_numpy(y_true).astype(bool).ravel()
    y_score = _to_numpy(y_score).astype(np.float64).ravel()
    n_pos = y_true.sum()
    n_neg = y_true.size - n_pos
    if n_pos == 0 or n_neg == 0:
        return float("nan")
    order = np.argsort(y_score, kind="mergesort")
    sorted_scores = y_score[order]
    ranks = np.empty_like(sorted_scores)
    i = 0
    while i < len(sorted_scores):
        j = i
        while j + 1 < len(sorted_scores) and sorted_scores[j + 1] == sorted_scores[i]:
            j += 1
        ranks[i:j + 1] = 0.5 * (i + j) + 1
        i = j + 1
    r = np.empty_like(ranks)
    r[order] = ranks
    return float((r[y_true].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def log_loss(y_true, y_prob, eps=1e-7):
    y = _to_numpy(y_true).astype(np.float64).ravel()
    p = np.clip(_to_numpy(y_prob).astype(np.float64).ravel(), eps, 1 - eps)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())
