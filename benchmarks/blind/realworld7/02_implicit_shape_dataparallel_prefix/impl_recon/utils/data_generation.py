import torch


def sphere_samples(num_shapes: int, num_points: int, seed: int = 0):
    """Random spheres: occupancy = |x - c| < r."""
    g = torch.Generator().manual_seed(seed)
    centers = (torch.rand(num_shapes, 1, 3, generator=g) - 0.5) * 0.5
    radii = 0.2 + 0.3 * torch.rand(num_shapes, 1, generator=g)
    coords = torch.rand(num_shapes, num_points, 3, generator=g) * 2 - 1
    occ = ((coords - centers).norm(dim=-1) < radii).float()
    return coords, occ
