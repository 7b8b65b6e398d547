import torch
from torch.utils.data import DataLoader, TensorDataset


def low_rank_data(n, dim, factors, seed):
    g = torch.Generator().manual_seed(seed)
    basis = torch.randn(factors, dim, generator=g)
    z = torch.randn(n, factors, generator=g)
    x = torch.tanh(z @ basis) + 0.05 * torch.randn(n, dim, generator=g)
    return x


def make_loaders(data_cfg, batch_size):
    x_tr = low_rank_data(data_cfg["n_train"], data_cfg["dim"], data_cfg["latent_factors"], data_cfg["seed"])
    x_va = low_rank_data(data_cfg["n_val"], data_cfg["dim"], data_cfg["latent_factors"], data_cfg["seed"] + 1)
    return (
        DataLoader(TensorDataset(x_tr), batch_size=batch_size, shuffle=True),
        DataLoader(TensorDataset(x_va), batch_size=batch_size),
    )
