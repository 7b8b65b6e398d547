import torch.nn as nn


class Localizer(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        def block(i, o):
            return nn.Sequential(nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(), nn.MaxPool2d(2))
        self.backbone = nn.Sequential(block(3, 16), block(16, 32), block(32, 64), nn.AdaptiveAvgPool2d(4), nn.Flatten())
        self.cls_head = nn.Linear(64 * 16, num_classes)
        self.box_head = nn.Sequential(nn.Linear(64 * 16, 128), nn.ReLU(), nn.Linear(128, 4))

    def forward(self, x):
        f = self.backbone(x)
        return self.cls_head(f), self.box_head(f)
