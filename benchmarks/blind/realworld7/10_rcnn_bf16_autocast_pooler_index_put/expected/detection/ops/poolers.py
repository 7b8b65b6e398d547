import math

import torch
from torch import nn

from .roi_align import roi_align


class LevelMapper(object):
    """Determine which FPN level each RoI in a set of RoIs should map to based
    on the heuristic in the FPN paper."""

    def __init__(self, k_min, k_max, canonical_scale=224, canonical_level=4, eps=1e-6):
        self.k_min = k_min
        self.k_max = k_max
        self.s0 = canonical_scale
        self.lvl0 = canonical_level
        self.eps = eps

    def __call__(self, boxlists):
        s = torch.sqrt(torch.cat([(b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1]) for b in boxlists]))
        target_lvls = torch.floor(self.lvl0 + torch.log2(s / self.s0) + torch.tensor(self.eps, dtype=s.dtype))
        target_lvls = torch.clamp(target_lvls, min=self.k_min, max=self.k_max)
        return (target_lvls.to(torch.int64) - self.k_min).to(torch.int64)


class MultiScaleRoIAlign(nn.Module):
    def __init__(self, featmap_names, output_size, sampling_ratio, canonical_scale=224, canonical_level=4):
        super(MultiScaleRoIAlign, self).__init__()
        if isinstance(output_size, int):
            output_size = (output_size, output_size)
        self.featmap_names = featmap_names
        self.sampling_ratio = sampling_ratio
        self.output_size = tuple(output_size)
        self.canonical_scale = canonical_scale
        self.canonical_level = canonical_level

    def convert_to_roi_format(self, boxes):
        concat_boxes = torch.cat(boxes, dim=0)
        ids = torch.cat([torch.full_like(b[:, :1], i) for i, b in enumerate(boxes)], dim=0)
        return torch.cat([ids, concat_boxes], dim=1)

    def infer_scale(self, feature, original_size):
        size = feature.shape[-2:]
        possible_scales = []
        for s1, s2 in zip(size, original_size):
            approx_scale = float(s1) / float(s2)
            scale = 2 ** float(torch.tensor(approx_scale).log2().round())
            possible_scales.append(scale)
        return possible_scales[0]

    def setup_scales(self, features, image_shapes):
        original_input_shape = image_shapes
        scales = [self.infer_scale(feat, original_input_shape) for feat in features]
        lvl_min = -math.log2(scales[0])
        lvl_max = -math.log2(scales[-1])
        self.scales = scales
        self.map_levels = LevelMapper(int(lvl_min), int(lvl_max), self.canonical_scale, self.canonical_level)

    def forward(self, x, boxes, image_shapes):
        x_filtered = [v for k, v in x.items() if k in self.featmap_names]
        num_levels = len(x_filtered)
        rois = self.convert_to_roi_format(boxes)
        self.setup_scales(x_filtered, image_shapes)
        scales = self.scales

        if num_levels == 1:
            return roi_align(x_filtered[0], rois, output_size=self.output_size,
                             spatial_scale=scales[0], sampling_ratio=self.sampling_ratio)

        levels = self.map_levels(boxes)

        num_rois = len(rois)
        num_channels = x_filtered[0].shape[1]

        dtype, device = x_filtered[0].dtype, x_filtered[0].device
        result = torch.zeros((num_rois, num_channels,) + self.output_size, dtype=dtype, device=device)

        for level, (per_level_feature, scale) in enumerate(zip(x_filtered, scales)):
            idx_in_level = torch.where(levels == level)[0]
            rois_per_level = rois[idx_in_level]

            result_idx_in_level = roi_align(
                per_level_feature, rois_per_level,
                output_size=self.output_size,
                spatial_scale=scale, sampling_ratio=self.sampling_ratio)

            result[idx_in_level] = result_idx_in_level.to(result.dtype)

        return result
