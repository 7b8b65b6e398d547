import numpy as np
import torch


def kmeans(X, n_clusters, n_init=5, n_iter=50, seed=0):
    """plain Lloyd k-means on a float tensor, returns (labels, centers)"""
    g = torch.Generator().manual_seed(seed)
    best = None
    for _ in range(n_init):
        centers = X[torch.randperm(X.shape[0], generator=g)[:n_clusters]].clone()
        for _ in range(n_iter):
            labels = torch.cdist(X, centers).argmin(1)
            for k in range(n_clusters):
                if (labels == k).any():
                    centers[k] = X[labels == k].mean(0)
        inertia = ((X - centers[labels]) ** 2).sum().item()
        if best is None or inertia < best[0]:
            best = (inertia, labels, centers)
    return best[1].numpy(), best[2]


def cluster_acc(y_true, y_pred):
    """greedy matching accuracy (good enough for a sanity print)"""
    y_true = np.asarray(y_true).astype(np.int64)
    D = max(y_pred.max(), y_true.max()) + 1
    w = np.zeros((D, D), dtype=np.int64)
    for i in range(y_pred.size):
        w[y_pred[i], y_true[i]] += 1
    total, used = 0, set()
    for i in np.argsort(-w.max(1)):
        j = max((j for j in range(D) if j not in used), key=lambda j: w[i, j])
        used.add(j)
        total += w[i, j]
    return total / y_pred.size
