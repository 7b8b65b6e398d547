"""
Turn raw Criteo-style rows (13 continuous + 26 categorical columns) into the
(Xi, Xv) index/value format used by DeepFM.
"""
import numpy as np

continous_features = range(0, 13)
categorial_features = range(13, 39)
continous_clip = [20, 600, 100, 50, 64000, 500, 100, 50, 500, 10, 10, 10, 50]


class ContinuousFeatureGenerator:
    def __init__(self, num_feature):
        self.num_feature = num_feature
        self.min = [0.0] * num_feature
        self.max = [0.0] * num_feature

    def build(self, rows):
        for row in rows:
            for i in range(self.num_feature):
                val = min(row[continous_features[i]], continous_clip[i])
                self.min[i] = min(self.min[i], val)
                self.max[i] = max(self.max[i], val)

    def gen(self, idx, val):
        val = min(val, continous_clip[idx])
        return (val - self.min[idx]) / (self.max[idx] - self.min[idx] + 1e-8)


class CategoryDictGenerator:
    """Index 0 is kept for values seen fewer than `cutoff` times."""

    def __init__(self, num_feature):
        self.num_feature = num_feature
        self.dicts = []

    def build(self, rows, cutoff=2):
        for i in range(self.num_feature):
            counts = {}
            for row in rows:
                v = row[categorial_features[i]]
                counts[v] = counts.get(v, 0) + 1
            kept = sorted(v for v, c in counts.items() if c >= cutoff)
            self.dicts.append({v: k + 1 for k, v in enumerate(kept)})

    def gen(self, idx, key):
        return self.dicts[idx].get(key, 0)

    def dicts_sizes(self):
        return [len(d) + 1 for d in self.dicts]


def make_raw_rows(num_rows, seed):
    rng = np.random.RandomState(seed)
    rows = []
    labels = []
    for _ in range(num_rows):
        cont = list(rng.poisson(5, size=13).astype(float))
        cat = list(rng.zipf(1.6, size=26) % 40)
        score = cont[0] * 0.1 + (1.0 if cat[0] in (1, 2) else 0.0) - 0.8
        labels.append(int(score + rng.randn() * 0.3 > 0))
        rows.append(cont + cat)
    return rows, labels


def preprocess(num_rows=1200, seed=2018):
    rows, labels = make_raw_rows(num_rows, seed)
    dists = ContinuousFeatureGenerator(len(continous_features))
    dists.build(rows)
    dicts = CategoryDictGenerator(len(categorial_features))
    dicts.build(rows, cutoff=2)

    feature_sizes = [1] * len(continous_features) + dicts.dicts_sizes()

    Xi, Xv = [], []
    for row in rows:
        xi = [0] * len(continous_features)
        xv = [dists.gen(i, row[continous_features[i]]) for i in range(len(continous_features))]
        for i in range(len(categorial_features)):
            xi.append(dicts.gen(i, row[categorial_features[i]]))
            xv.append(1.0)
        Xi.append(xi)
        Xv.append(xv)
    return np.array(Xi), np.array(Xv, dtype=np.float32), np.array(labels), feature_sizes
