import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_bn(cin, cout, stride):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.LeakyReLU(0.1))


class GridDet(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(conv_bn(1, 16, 2), conv_bn(16, 32, 2), conv_bn(32, 32, 2))  # 32 -> 4
        self.head = nn.Conv2d(32, 5, 1)

    def forward(self, x):
        return self.head(self.backbone(x))


def compute_loss(pred, target):
    obj = target[:, 0]
    l_obj = F.binary_cross_entropy_with_logits(pred[:, 0], obj)
    box = (torch.sigmoid(pred[:, 1:]) - target[:, 1:]) ** 2
    l_box = (box.sum(1) * obj).sum() / obj.sum().clamp(min=1)
    return l_obj + 5.0 * l_box
