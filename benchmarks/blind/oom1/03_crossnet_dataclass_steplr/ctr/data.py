import torch
from torch.utils.data import DataLoader, TensorDataset


def make_click_data(n, num_features, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, num_features, generator=g)
    w = torch.randn(num_features, num_features, generator=g) / num_features
    score = ((x @ w) * x).sum(1)          # click prob depends on pairwise crosses
    y = (score > score.median()).float()
    return x, y


def get_loader(cfg):
    x, y = make_click_data(cfg.num_samples, cfg.num_features, cfg.seed)
    return DataLoader(TensorDataset(x, y), batch_size=cfg.batch_size, shuffle=True)
