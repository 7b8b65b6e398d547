import random

import torch
from torch.utils.data import TensorDataset

ONSETS = ["b", "d", "k", "l", "m", "n", "r", "s", "t", "v", "z", "sh", "th"]
VOWELS = ["a", "e", "i", "o", "u", "ai", "ou"]
CODAS = ["", "", "n", "r", "s", "l"]


def _make_names(n, rng):
    names = []
    for _ in range(n):
        syl = rng.randint(1, 3)
        names.append("".join(rng.choice(ONSETS) + rng.choice(VOWELS) + rng.choice(CODAS) for _ in range(syl)))
    return names


def build_name_dataset(block_size=4, n_names=400, seed=0):
    rng = random.Random(seed)
    names = _make_names(n_names, rng)
    vocab = ["."] + sorted(set("".join(names)))
    stoi = {c: i for i, c in enumerate(vocab)}
    xs, ys = [], []
    for name in names:
        ctx = [0] * block_size
        for ch in name + ".":
            ix = stoi[ch]
            xs.append(list(ctx))
            ys.append(ix)
            ctx = ctx[1:] + [ix]
    x, y = torch.tensor(xs), torch.tensor(ys)
    n_train = int(0.9 * len(y))
    return TensorDataset(x[:n_train], y[:n_train]), TensorDataset(x[n_train:], y[n_train:]), vocab
