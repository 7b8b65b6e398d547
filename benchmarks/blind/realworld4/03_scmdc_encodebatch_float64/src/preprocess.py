import numpy as np


class AnnDataLite(object):
    """just enough of AnnData for this script: X, raw.X, obs['size_factors']"""

    class _Raw(object):
        def __init__(self, X):
            self.X = X

    def __init__(self, X):
        self.X = X
        self.raw = None
        self.obs = {}
        self.n_obs, self.n_vars = X.shape


def read_dataset(adata, transpose=False, test_split=False, copy=False):
    assert np.all(np.mod(adata.X, 1) == 0), 'Make sure that the dataset (adata.X) contains unnormalized count data.'
    if transpose:
        adata.X = adata.X.T
    return adata


def clr_normalize_each_cell(adata):
    """centered log-ratio normalisation for protein (ADT) counts"""
    adata.raw = AnnDataLite._Raw(adata.X.copy())

    def seurat_clr(x):
        s = np.sum(np.log1p(x[x > 0]))
        exp = np.exp(s / len(x))
        return np.log1p(x / exp)

    adata.X = np.apply_along_axis(seurat_clr, 1, adata.X)
    adata.obs['size_factors'] = adata.raw.X.sum(1) / np.median(adata.raw.X.sum(1))
    return adata


def normalize(adata, filter_min_counts=True, size_factors=True, normalize_input=True, logtrans_input=True):
    adata.raw = AnnDataLite._Raw(adata.X.copy())
    if size_factors:
        n_counts = adata.X.sum(1)
        adata.obs['size_factors'] = n_counts / np.median(n_counts)
        adata.X = adata.X / adata.obs['size_factors'][:, None]
    else:
        adata.obs['size_factors'] = np.ones(adata.n_obs)
    if logtrans_input:
        adata.X = np.log1p(adata.X)
    if normalize_input:
        adata.X = (adata.X - adata.X.mean(0)) / (adata.X.std(0) + 1e-8)
    return adata
