import numpy as np
import torch

from model.backbone import resnet


class parsingNet(torch.nn.Module):
    def __init__(self, size=(64, 160), pretrained=True, backbone='tiny', cls_dim=(26, 14, 4), use_aux=False):
        super(parsingNet, self).__init__()
        self.size = size
        self.w = size[0]
        self.h = size[1]
        self.cls_dim = cls_dim  # (num_gridding, num_cls_per_lane, num_of_lanes)
        self.use_aux = use_aux
        self.total_dim = np.prod(cls_dim)

        # input : nchw,
        # output: (w+1) * sample_rows * 4
        self.model = resnet(backbone, pretrained=pretrained)
        self.pool = torch.nn.Conv2d(64, 8, 1)
        self.cls = torch.nn.Sequential(
            torch.nn.Linear(8 * (size[0] // 16) * (size[1] // 16), 128),
            torch.nn.ReLU(),
            torch.nn.Linear(128, self.total_dim),
        )

    def forward(self, x):
        x2, x3, fea = self.model(x)
        fea = self.pool(fea).view(x.shape[0], -1)
        group_cls = self.cls(fea).view(-1, *self.cls_dim)
        return group_cls
