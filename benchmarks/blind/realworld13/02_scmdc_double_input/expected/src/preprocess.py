import numpy as np


def read_dataset(n_cells=256, n_genes=200, n_clusters=4, seed=1):
    """Simulated count matrix standing in for the 10X h5 file (cells x genes)."""
    rng = np.random.RandomState(seed)
    labels = rng.randint(0, n_clusters, n_cells)
    means = rng.gamma(2.0, 2.0, size=(n_clusters, n_genes))
    counts = rng.poisson(means[labels])
    return counts, labels


def geneSelection(X, n=2000):
    var = X.var(axis=0)
    return np.argsort(-var)[:n]


def normalize(X, size_factors=True, normalize_input=True, logtrans_input=True):
    X_raw = X.copy()
    if size_factors:
        n_counts = X.sum(axis=1)
        sf = n_counts / np.median(n_counts)
    else:
        sf = np.ones(X.shape[0])
    if logtrans_input:
        X = np.log1p(X / sf[:, None])
    if normalize_input:
        X = (X - X.mean(axis=0)) / (X.std(axis=0) + 1e-8)
    return X.astype(np.float32), X_raw, sf
