import torch


def points_to_volume(points, point_feats, grid):
    """Average per-point features into the voxel each point falls in -> dense [B, C, G, G, G].

    points:      [B, N, 3] in [-1, 1]
    point_feats: [B, N, C]
    """
    B, N, C = point_feats.shape
    volume = torch.zeros(B, C, grid ** 3, device=point_feats.device)
    counts = torch.zeros(B, 1, grid ** 3, device=point_feats.device)
    cell = ((points.clamp(-1, 1) + 1) / 2 * grid).long().clamp(max=grid - 1)   # [B, N, 3]
    flat = (cell[..., 0] * grid + cell[..., 1]) * grid + cell[..., 2]          # [B, N]
    volume.scatter_add_(2, flat.unsqueeze(1).expand(-1, C, -1), point_feats.transpose(1, 2))
    counts.scatter_add_(2, flat.unsqueeze(1), torch.ones_like(flat, dtype=counts.dtype).unsqueeze(1))
    volume = volume / counts.clamp(min=1)
    return volume.view(B, C, grid, grid, grid)
