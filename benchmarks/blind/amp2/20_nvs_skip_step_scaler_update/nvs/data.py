import torch


def random_scene_batch(bs, mcfg):
    """Input views + a target view of a procedurally coloured plane seen from different poses.
    The 'pose' is a 4-number vector (shift x/y, zoom, hue) rendered into Plücker-like channels."""
    img, V = mcfg["img"], mcfg["views"]
    lin = torch.linspace(-1, 1, img)
    yy, xx = torch.meshgrid(lin, lin, indexing="ij")

    def render(pose):
        sx, sy, zoom, hue = pose.unbind(-1)
        u = (xx[None] - sx[:, None, None]) * zoom[:, None, None]
        v = (yy[None] - sy[:, None, None]) * zoom[:, None, None]
        r = 0.5 + 0.5 * torch.sin(3 * u + hue[:, None, None])
        g = 0.5 + 0.5 * torch.cos(3 * v - hue[:, None, None])
        b = 0.5 + 0.5 * torch.sin(2 * (u + v))
        return torch.stack([r, g, b], 1)

    def pose_map(pose):
        return pose[:, :, None, None].expand(-1, -1, img, img)

    scene_hue = torch.rand(bs) * 6
    poses = [torch.stack([torch.rand(bs) - .5, torch.rand(bs) - .5, 0.8 + 0.4 * torch.rand(bs), scene_hue], -1)
             for _ in range(V + 1)]
    inputs = torch.stack([torch.cat([render(p), pose_map(p)], 1) for p in poses[:V]], 1)   # [B, V, 7, H, W]
    return inputs, pose_map(poses[V]), render(poses[V])
