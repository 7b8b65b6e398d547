import torch
import torch.nn as nn


class BoxNet(nn.Module):
    def __init__(self, num_classes=2, width=16):
        super().__init__()
        w = width
        self.backbone = nn.Sequential(
            nn.Conv2d(1, w, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(w, 2 * w, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(2 * w, 4 * w, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(4),
            nn.Flatten(),
        )
        self.cls_head = nn.Linear(4 * w * 16, num_classes)
        self.box_head = nn.Sequential(nn.Linear(4 * w * 16, 64), nn.ReLU(), nn.Linear(64, 4))

    def forward(self, x):
        f = self.backbone(x)
        return self.cls_head(f), torch.sigmoid(self.box_head(f))
