import torch
from torch.utils.data import DataLoader, TensorDataset


def synth_impressions(cfg, n, gen):
    users = torch.randint(0, cfg.n_users, (n,), generator=gen)
    items = torch.randint(0, cfg.n_items, (n,), generator=gen)
    user_aff = torch.randn(cfg.n_users, 4, generator=gen)
    item_aff = torch.randn(cfg.n_items, 4, generator=gen)
    dwell = torch.distributions.Exponential(1 / 45.0).sample((n,))
    prev_clicks = torch.poisson(torch.full((n,), 3.0), generator=gen)
    position = torch.randint(1, 11, (n,), generator=gen).float()
    dense = torch.stack([dwell, prev_clicks, position], dim=1)
    score = (user_aff[users] * item_aff[items]).sum(1) + 0.02 * dwell + 0.3 * prev_clicks - 0.25 * position
    y = (torch.sigmoid(score - 0.5) > torch.rand(n, generator=gen)).float()
    return users, items, dense, y


def make_loaders(cfg):
    gen = torch.Generator().manual_seed(cfg.seed)
    torch.manual_seed(cfg.seed)
    tr = TensorDataset(*synth_impressions(cfg, cfg.n_train, gen))
    va = TensorDataset(*synth_impressions(cfg, cfg.n_val, gen))
    return (
        DataLoader(tr, batch_size=cfg.batch_size, shuffle=True),
        DataLoader(va, batch_size=512),
    )
