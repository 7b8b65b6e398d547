import torch


def make_table(n_rows, n_features, seed=0):
    g = torch.Generator().manual_seed(seed)
    latent = torch.randn(n_rows, 4, generator=g)
    mix = torch.randn(4, n_features, generator=g)
    x = latent @ mix + 0.3 * torch.randn(n_rows, n_features, generator=g)
    y = torch.bucketize(latent[:, 0], torch.tensor([-0.5, 0.5]))
    return (x - x.mean(0)) / x.std(0), y
