import torch.nn as nn


class YOLOXTiny(nn.Module):
    def __init__(self, num_classes=1, width=32):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, width, 3, 2, 1), nn.BatchNorm2d(width), nn.SiLU(),
            nn.Conv2d(width, width * 2, 3, 2, 1), nn.BatchNorm2d(width * 2), nn.SiLU(),
            nn.Conv2d(width * 2, width * 4, 3, 2, 1), nn.BatchNorm2d(width * 4), nn.SiLU(),
        )
        self.cls_head = nn.Conv2d(width * 4, num_classes, 1)
        self.reg_head = nn.Conv2d(width * 4, 4, 1)
        self.obj_head = nn.Conv2d(width * 4, 1, 1)

    def forward(self, x):
        f = self.backbone(x)
        return self.cls_head(f), self.reg_head(f), self.obj_head(f)
