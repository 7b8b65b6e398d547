import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_gn_relu(in_ch, out_ch):
    return nn.Sequential(
        nn.Conv2d(in_ch, out_ch, 3, padding=1, bias=False),
        nn.GroupNorm(8, out_ch),
        nn.ReLU(inplace=True),
    )


class TinyFPN(nn.Module):
    """ResNet-ish stem + 4 stages with lateral 1x1 convs, outputs p2..p5."""

    def __init__(self, out_channels):
        super().__init__()
        chans = [16, 32, 64, 128]
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.ReLU(inplace=True))
        self.stages = nn.ModuleList()
        in_ch = 16
        for i, c in enumerate(chans):
            self.stages.append(nn.Sequential(nn.Conv2d(in_ch, c, 3, 2 if i else 1, 1), nn.ReLU(inplace=True)))
            in_ch = c
        self.laterals = nn.ModuleList([nn.Conv2d(c, out_channels, 1) for c in chans])

    def forward(self, x):
        x = self.stem(x)
        feats = []
        for stage in self.stages:
            x = stage(x)
            feats.append(x)
        outs = [lat(f) for lat, f in zip(self.laterals, feats)]
        for i in range(len(outs) - 1, 0, -1):
            outs[i - 1] = outs[i - 1] + F.interpolate(outs[i], size=outs[i - 1].shape[-2:], mode="nearest")
        return {"p2": outs[0], "p3": outs[1], "p4": outs[2], "p5": outs[3]}


class MaskBranch(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        in_ch = cfg["MODEL"]["SOTR"]["FPN_CHANNELS"]
        mask_ch = cfg["MODEL"]["SOTR"]["MASK_CHANNELS"]
        self.in_features = cfg["MODEL"]["SOTR"]["MASK_IN_FEATURES"]
        self.convs_all_levels = nn.ModuleList()
        for i, _ in enumerate(self.in_features):
            layers = [conv_gn_relu(in_ch, mask_ch)]
            for _ in range(i):
                layers.append(nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False))
            self.convs_all_levels.append(nn.Sequential(*layers))
        self.conv_pred = nn.Sequential(nn.Conv2d(mask_ch, mask_ch, 1), nn.GroupNorm(8, mask_ch), nn.ReLU(inplace=True))

    def forward(self, features):
        feature_add_all_level = self.convs_all_levels[0](features[self.in_features[0]])
        for i in range(1, len(self.in_features)):
            mask_feat = features[self.in_features[i]]
            feature_add_all_level += self.convs_all_levels[i](mask_feat)
        return self.conv_pred(feature_add_all_level)


class SOTR(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        sotr = cfg["MODEL"]["SOTR"]
        self.num_grid = sotr["NUM_GRID"]
        self.num_classes = sotr["NUM_CLASSES"]
        ch = sotr["FPN_CHANNELS"]
        self.backbone = TinyFPN(ch)
        self.mask_branch = MaskBranch(cfg)
        self.cls_head = nn.Conv2d(ch, self.num_classes, 3, padding=1)
        self.kernel_head = nn.Conv2d(ch, sotr["MASK_CHANNELS"], 3, padding=1)

    def forward(self, images, gt_masks, gt_classes):
        feats = self.backbone(images)
        mask_feat = self.mask_branch(feats)                                  # B, E, H/2, W/2
        grid_feat = F.interpolate(feats["p3"], size=(self.num_grid, self.num_grid), mode="bilinear",
                                  align_corners=False)
        cate_pred = self.cls_head(grid_feat)                                 # B, C, S, S
        kernels = self.kernel_head(grid_feat).flatten(2)                     # B, E, S*S
        # one instance per image: the grid cell holding the mask centre
        b = images.shape[0]
        idx = gt_classes.new_zeros(b)
        for j in range(b):
            ys, xs = torch.nonzero(gt_masks[j], as_tuple=True)
            cy = int(ys.float().mean() / gt_masks.shape[-2] * self.num_grid)
            cx = int(xs.float().mean() / gt_masks.shape[-1] * self.num_grid)
            idx[j] = cy * self.num_grid + cx
        kernel = kernels[torch.arange(b), :, idx]                            # B, E
        mask_logits = torch.einsum("be,behw->bhw", kernel, mask_feat)
        mask_logits = F.interpolate(mask_logits[:, None], size=gt_masks.shape[-2:], mode="bilinear",
                                    align_corners=False)[:, 0]
        loss_mask = F.binary_cross_entropy_with_logits(mask_logits, gt_masks.float())
        cate_target = torch.full((b, self.num_grid * self.num_grid), self.num_classes, dtype=torch.long)
        cate_target[torch.arange(b), idx] = gt_classes
        cate_logits = cate_pred.flatten(2).transpose(1, 2).reshape(-1, self.num_classes)
        valid = cate_target.flatten() < self.num_classes
        loss_cate = F.cross_entropy(cate_logits[valid], cate_target.flatten()[valid])
        return {"loss_ins": loss_mask, "loss_cate": loss_cate}
