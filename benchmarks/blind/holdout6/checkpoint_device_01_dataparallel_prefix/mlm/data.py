import torch
from torch.utils.data import TensorDataset

from .modeling import CLS_ID, MASK_ID, N_SPECIAL


def motif_sequences(n, seq_len, vocab_size, n_classes, seed):
    """Random token sequences; the class is determined by which motif is planted."""
    g = torch.Generator().manual_seed(seed)
    ids = torch.randint(N_SPECIAL, vocab_size, (n, seq_len), generator=g)
    motifs = torch.randint(N_SPECIAL, vocab_size, (n_classes, 4), generator=torch.Generator().manual_seed(99))
    labels = torch.randint(0, n_classes, (n,), generator=g)
    starts = torch.randint(0, seq_len - 4, (n,), generator=g)
    for i in range(n):
        ids[i, starts[i]:starts[i] + 4] = motifs[labels[i]]
    ids = torch.cat([torch.full((n, 1), CLS_ID), ids], dim=1)
    return ids, labels


def mask_tokens(ids, mask_prob, vocab_size):
    labels = ids.clone()
    prob = torch.full(ids.shape, mask_prob)
    prob[:, 0] = 0.0
    masked = torch.bernoulli(prob).bool()
    labels[~masked] = -100
    inputs = ids.clone()
    replace = torch.bernoulli(torch.full(ids.shape, 0.8)).bool() & masked
    inputs[replace] = MASK_ID
    rand = torch.bernoulli(torch.full(ids.shape, 0.5)).bool() & masked & ~replace
    inputs[rand] = torch.randint(N_SPECIAL, vocab_size, ids.shape)[rand]
    return inputs, labels


def pretrain_dataset(cfg):
    d = cfg["data"]
    ids, _ = motif_sequences(d["n_pretrain"], d["seq_len"], d["vocab_size"], d["n_classes"], cfg["seed"])
    return TensorDataset(ids)


def finetune_datasets(cfg):
    d = cfg["data"]
    ids, y = motif_sequences(d["n_finetune"], d["seq_len"], d["vocab_size"], d["n_classes"], cfg["seed"] + 1)
    k = int(0.8 * len(ids))
    return TensorDataset(ids[:k], y[:k]), TensorDataset(ids[k:], y[k:])
