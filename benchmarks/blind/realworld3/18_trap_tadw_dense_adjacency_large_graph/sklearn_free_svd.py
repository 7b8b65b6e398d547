import numpy as np


def truncated_svd(X, k, seed=0):
    """randomised truncated SVD (enough for the TADW text-feature reduction)"""
    rng = np.random.RandomState(seed)
    k = min(k, X.shape[1])
    Q, _ = np.linalg.qr(X @ rng.randn(X.shape[1], k))
    U, S, Vt = np.linalg.svd(Q.T @ X, full_matrices=False)
    return (Q @ U) * S
