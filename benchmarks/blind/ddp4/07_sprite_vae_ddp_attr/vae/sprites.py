import torch


def make_sprites(n=1024, size=12, seed=11):
    """Symmetric random sprites (like identicons): left half random, mirrored to the right."""
    g = torch.Generator().manual_seed(seed)
    half = (torch.rand(n, size, size // 2, generator=g) < 0.45).float()
    return torch.cat([half, half.flip(-1)], dim=-1).view(n, -1)
