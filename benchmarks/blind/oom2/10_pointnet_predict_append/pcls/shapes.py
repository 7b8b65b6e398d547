import torch


def sample_shapes(n, n_points=1024, seed=0):
    """Point clouds of spheres / cubes / cylinders / cones with jitter and random scale."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, 4, (n,), generator=g)
    u = torch.rand(n, n_points, 3, generator=g) * 2 - 1
    pts = torch.empty(n, n_points, 3)
    sph = u / u.norm(dim=-1, keepdim=True).clamp_min(1e-6)
    cube = u.clone()
    axis = torch.randint(0, 3, (n, n_points), generator=g)
    cube.scatter_(2, axis[..., None], torch.sign(u.gather(2, axis[..., None])))
    ang = u[..., 0] * torch.pi
    cyl = torch.stack([ang.cos(), ang.sin(), u[..., 2]], -1)
    h = (u[..., 2] + 1) / 2
    cone = torch.stack([ang.cos() * (1 - h), ang.sin() * (1 - h), u[..., 2]], -1)
    for k, s in enumerate([sph, cube, cyl, cone]):
        pts[y == k] = s[y == k]
    scale = 0.5 + torch.rand(n, 1, 1, generator=g)
    pts = pts * scale + 0.02 * torch.randn(pts.shape, generator=g)
    return pts.transpose(1, 2).contiguous(), y
