"""Compute median-frequency-balancing class weights over the training masks
(Eigen & Fergus 2015) and write them next to the data."""
import argparse

import numpy as np

from segkit.scenes import CLASSES, StreetScenes


def median_frequency_weights(masks, n_classes):
    freq = np.zeros(n_classes)
    for c in range(n_classes):
        present = (masks == c).reshape(len(masks), -1).any(1)
        freq[c] = (masks[present] == c).sum() / (present.sum() * masks[0].size)
    return np.median(freq) / freq


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--n_train", type=int, default=96)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--out", default="data/class_weights.npy")
    a = p.parse_args()
    train = StreetScenes(a.n_train, a.seed)
    w = median_frequency_weights(train.masks, len(CLASSES))
    np.save(a.out, w)
    print(dict(zip(CLASSES, np.round(w, 3))))
