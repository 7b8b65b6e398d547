"""Regenerate the (synthetic) citation graph used in the report: ~885k papers with bag-of-words features."""
import os
import numpy as np


def ensure_data(folder="data", n_nodes=884901, avg_degree=3, n_feat=300, seed=0):
    os.makedirs(folder, exist_ok=True)
    ep, fp = os.path.join(folder, "edges.npy"), os.path.join(folder, "features.npz")
    if not os.path.exists(ep):
        rng = np.random.RandomState(seed)
        src = np.repeat(np.arange(n_nodes), avg_degree)
        dst = (src + rng.randint(1, 5000, size=src.size)) % n_nodes
        np.save(ep, np.stack([src, dst], 1).astype(np.int32))
    if not os.path.exists(fp):
        # bag-of-words as (paper, word) pairs: ~6 distinct words per paper
        rng = np.random.RandomState(seed + 1)
        rows = np.repeat(np.arange(n_nodes, dtype=np.int32), 6)
        cols = rng.randint(0, n_feat, size=rows.size).astype(np.int32)
        np.savez(fp, rows=rows, cols=cols, shape=np.array([n_nodes, n_feat]))
    return ep, fp
