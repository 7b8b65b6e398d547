import torch
from torch.utils.data import TensorDataset


def make_credit_table(cfg):
    g = torch.Generator().manual_seed(cfg.seed)
    num = torch.randn(cfg.n_rows, cfg.n_numeric, generator=g)
    cat = torch.randint(0, cfg.cardinality, (cfg.n_rows, cfg.n_categorical), generator=g)
    w = torch.randn(cfg.n_numeric, generator=g)
    logit = num @ w * 0.5 + (cat[:, 0] % 3 - 1).float()
    default = (torch.sigmoid(logit) > torch.rand(cfg.n_rows, generator=g)).float()
    return TensorDataset(num, cat, default)
