import numpy as np
import torch


def make_corpus(num_utts, max_frames, feat_dim, num_phones, clipped_ratio, seed):
    """Synthetic log-mel-like frames with frame-level phone labels.

    A small fraction of utterances comes from a recorder whose front-end dumped linear
    power instead of log power, which is what a real corpus of mixed sources looks like.
    """
    rng = np.random.default_rng(seed)
    centers = rng.normal(0, 1, size=(num_phones, feat_dim)).astype(np.float32)
    utts = []
    for i in range(num_utts):
        n = int(rng.integers(max_frames // 2, max_frames + 1))
        labels = rng.integers(0, num_phones, size=n)
        feats = centers[labels] + 0.5 * rng.normal(size=(n, feat_dim)).astype(np.float32)
        if rng.random() < clipped_ratio:
            feats = np.exp(np.clip(feats, None, 6.0)) * 400.0
        utts.append((torch.from_numpy(feats.astype(np.float32)), torch.from_numpy(labels)))
    return utts


def batches(utts, batch_size, rng):
    order = rng.permutation(len(utts))
    for i in range(0, len(order), batch_size):
        chunk = [utts[j] for j in order[i:i + batch_size]]
        T = max(f.shape[0] for f, _ in chunk)
        D = chunk[0][0].shape[1]
        x = torch.zeros(len(chunk), T, D)
        y = torch.full((len(chunk), T), -100, dtype=torch.long)
        for b, (f, l) in enumerate(chunk):
            x[b, :f.shape[0]] = f
            y[b, :l.shape[0]] = l
        yield x, y
