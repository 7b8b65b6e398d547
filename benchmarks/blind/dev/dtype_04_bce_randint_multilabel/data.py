"""Synthetic stand-in for the product-tagging dataset (multi-label)."""
import torch
from torch.utils.data import TensorDataset


def make_split(n, in_dim, n_tags, generator):
    tags = torch.randint(0, 2, (n, n_tags), generator=generator)
    mixing = torch.randn(n_tags, in_dim, generator=torch.Generator().manual_seed(1234))
    feats = tags.float() @ mixing + 0.5 * torch.randn(n, in_dim, generator=generator)
    return TensorDataset(feats, tags)


def build_datasets(cfg):
    g = torch.Generator().manual_seed(cfg["seed"])
    train = make_split(cfg["n_train"], cfg["in_dim"], cfg["n_tags"], g)
    val = make_split(cfg["n_val"], cfg["in_dim"], cfg["n_tags"], g)
    return train, val
