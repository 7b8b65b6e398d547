import torch
import torch.nn.functional as F


def _roi_align_impl(input, rois, output_size, spatial_scale, sampling_ratio):
    # input: N, C, H, W ; rois: K, 5 (batch_idx, x1, y1, x2, y2) in image coords
    N, C, H, W = input.shape
    K = rois.shape[0]
    ph, pw = output_size
    s = max(sampling_ratio, 1)
    x1, y1, x2, y2 = [rois[:, i] * spatial_scale for i in range(1, 5)]
    gy = (torch.arange(ph * s, dtype=input.dtype) + 0.5) / (ph * s)
    gx = (torch.arange(pw * s, dtype=input.dtype) + 0.5) / (pw * s)
    ys = y1[:, None] + (y2 - y1)[:, None] * gy[None]          # K, ph*s
    xs = x1[:, None] + (x2 - x1)[:, None] * gx[None]          # K, pw*s
    grid = torch.stack([xs[:, None, :].expand(K, ph * s, pw * s) / (W - 1) * 2 - 1,
                        ys[:, :, None].expand(K, ph * s, pw * s) / (H - 1) * 2 - 1], dim=-1)
    feats = input[rois[:, 0].long()]
    out = F.grid_sample(feats, grid, mode="bilinear", align_corners=True)
    return F.avg_pool2d(out, s) if s > 1 else out


def roi_align(input, boxes, output_size, spatial_scale=1.0, sampling_ratio=-1):
    """RoIAlign over (batch_idx, x1, y1, x2, y2) boxes; autocast-aware like torchvision's kernel."""
    if torch.is_autocast_enabled("cpu"):
        with torch.autocast("cpu", enabled=False):
            return roi_align(input.float(), boxes.float(), output_size, spatial_scale, sampling_ratio)
    if isinstance(output_size, int):
        output_size = (output_size, output_size)
    return _roi_align_impl(input, boxes, output_size, spatial_scale, sampling_ratio)
