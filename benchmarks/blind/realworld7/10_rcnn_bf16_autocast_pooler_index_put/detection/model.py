import torch
import torch.nn as nn
import torch.nn.functional as F

from detection.ops import MultiScaleRoIAlign


class TinyFPNBackbone(nn.Module):
    def __init__(self, out_channels=32):
        super().__init__()
        self.c2 = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.ReLU(), nn.Conv2d(16, 32, 3, 2, 1), nn.ReLU())
        self.c3 = nn.Sequential(nn.Conv2d(32, 64, 3, 2, 1), nn.ReLU())
        self.c4 = nn.Sequential(nn.Conv2d(64, 64, 3, 2, 1), nn.ReLU())
        self.lat = nn.ModuleList([nn.Conv2d(c, out_channels, 1) for c in (32, 64, 64)])
        self.out_channels = out_channels

    def forward(self, x):
        c2 = self.c2(x)
        c3 = self.c3(c2)
        c4 = self.c4(c3)
        p4 = self.lat[2](c4)
        p3 = self.lat[1](c3) + F.interpolate(p4, size=c3.shape[-2:], mode="nearest")
        p2 = self.lat[0](c2) + F.interpolate(p3, size=c2.shape[-2:], mode="nearest")
        return {"0": p2, "1": p3, "2": p4}


class TwoMLPHead(nn.Module):
    def __init__(self, in_channels, representation_size):
        super().__init__()
        self.fc6 = nn.Linear(in_channels, representation_size)
        self.fc7 = nn.Linear(representation_size, representation_size)

    def forward(self, x):
        x = x.flatten(start_dim=1)
        return F.relu(self.fc7(F.relu(self.fc6(x))))


class FastRCNN(nn.Module):
    """Second stage of Faster R-CNN trained on jittered ground-truth proposals."""

    def __init__(self, num_classes, image_size):
        super().__init__()
        self.backbone = TinyFPNBackbone()
        self.image_size = image_size
        self.box_roi_pool = MultiScaleRoIAlign(featmap_names=["0", "1", "2"], output_size=7, sampling_ratio=2,
                                               canonical_scale=56, canonical_level=3)
        self.box_head = TwoMLPHead(self.backbone.out_channels * 7 * 7, 128)
        self.cls_score = nn.Linear(128, num_classes)
        self.bbox_pred = nn.Linear(128, num_classes * 4)

    def forward(self, images, proposals, labels, regression_targets):
        features = self.backbone(images)
        box_features = self.box_roi_pool(features, proposals, (self.image_size, self.image_size))
        box_features = self.box_head(box_features)
        class_logits = self.cls_score(box_features)
        box_regression = self.bbox_pred(box_features)
        labels = torch.cat(labels)
        regression_targets = torch.cat(regression_targets)
        loss_classifier = F.cross_entropy(class_logits, labels)
        pos = torch.where(labels > 0)[0]
        box_regression = box_regression.reshape(len(labels), -1, 4)[pos, labels[pos]]
        loss_box_reg = F.smooth_l1_loss(box_regression, regression_targets[pos], beta=1 / 9, reduction="sum")
        return {"loss_classifier": loss_classifier, "loss_box_reg": loss_box_reg / labels.numel()}
