import torch
import torch.nn as nn
import torch.nn.functional as F


class SingleObjectDetector(nn.Module):
    def __init__(self, num_classes, hidden_dim=64):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(32, hidden_dim, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        )
        self.class_embed = nn.Linear(hidden_dim, num_classes)
        self.bbox_embed = nn.Sequential(nn.Linear(hidden_dim * 36, hidden_dim), nn.ReLU(),
                                        nn.Linear(hidden_dim, 4))

    def forward(self, x):
        f = self.backbone(x)
        pooled = f.mean(dim=(2, 3))
        return {"pred_logits": self.class_embed(pooled),
                "pred_boxes": self.bbox_embed(f.flatten(1)).sigmoid()}


class SetCriterion(nn.Module):
    def __init__(self, weight_dict):
        super().__init__()
        self.weight_dict = weight_dict

    def forward(self, outputs, targets):
        loss_ce = F.cross_entropy(outputs["pred_logits"], targets["labels"])
        loss_bbox = F.l1_loss(outputs["pred_boxes"], targets["boxes"], reduction="none").sum(1).mean()
        return {"loss_ce": loss_ce, "loss_bbox": loss_bbox}
