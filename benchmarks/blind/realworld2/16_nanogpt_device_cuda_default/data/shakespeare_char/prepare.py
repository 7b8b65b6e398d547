"""Prepare a tiny character-level dataset (synthetic verse, no download) into train.bin / val.bin."""
import os
import pickle
import random

import numpy as np


def prepare(out_dir=os.path.dirname(os.path.abspath(__file__))):
    if os.path.exists(os.path.join(out_dir, 'train.bin')):
        return
    rng = random.Random(1337)
    words = ["thou", "art", "more", "lovely", "and", "temperate", "rough", "winds", "do", "shake",
             "the", "darling", "buds", "of", "may", "summer", "lease", "hath", "all", "too", "short", "a", "date"]
    data = "\n".join(" ".join(rng.choice(words) for _ in range(rng.randint(5, 9))) for _ in range(3000))
    chars = sorted(list(set(data)))
    stoi = {ch: i for i, ch in enumerate(chars)}
    n = len(data)
    train_ids = np.array([stoi[c] for c in data[:int(n * 0.9)]], dtype=np.uint16)
    val_ids = np.array([stoi[c] for c in data[int(n * 0.9):]], dtype=np.uint16)
    train_ids.tofile(os.path.join(out_dir, 'train.bin'))
    val_ids.tofile(os.path.join(out_dir, 'val.bin'))
    with open(os.path.join(out_dir, 'meta.pkl'), 'wb') as f:
        pickle.dump({'vocab_size': len(chars), 'itos': dict(enumerate(chars)), 'stoi': stoi}, f)


if __name__ == '__main__':
    prepare()
