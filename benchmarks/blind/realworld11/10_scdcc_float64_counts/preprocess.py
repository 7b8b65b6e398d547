import numpy as np


class AnnDataLite:
    """The few AnnData fields scDeepCluster needs."""

    def __init__(self, X):
        self.X = X
        self.raw_X = None
        self.obs = {}


def simulate_counts(n_cells=400, n_genes=200, n_clusters=4, seed=0):
    rng = np.random.RandomState(seed)
    y = rng.randint(0, n_clusters, size=n_cells)
    base = rng.gamma(2.0, 1.0, size=(n_clusters, n_genes))
    lib = rng.lognormal(0, 0.3, size=(n_cells, 1))
    counts = rng.poisson(base[y] * lib * 2)
    return counts.astype(np.int64), y


def read_dataset(counts, copy=False):
    return AnnDataLite(counts.copy() if copy else counts)


def normalize(adata, size_factors=True, normalize_input=True, logtrans_input=True):
    adata.raw_X = adata.X.copy()
    n_counts = adata.X.sum(axis=1)
    if size_factors:
        adata.obs['size_factors'] = n_counts / np.median(n_counts)
    else:
        adata.obs['size_factors'] = np.ones(adata.X.shape[0])
    X = adata.X / adata.obs['size_factors'][:, None]
    if logtrans_input:
        X = np.log1p(X)
    if normalize_input:
        X = (X - X.mean(axis=0)) / (X.std(axis=0) + 1e-8)
    adata.X = X
    return adata
