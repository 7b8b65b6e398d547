import torch.nn as nn

import config.yolov4_config as cfg
from .backbones.CSPDarknet53 import CSPDarknet53


class Build_Model(nn.Module):
    """Backbone + a 1x1 head predicting (objectness, classes) per grid cell."""

    def __init__(self):
        super(Build_Model, self).__init__()
        chans = cfg.MODEL["BACKBONE_CHANNELS"]
        self.__nC = cfg.MODEL["NUM_CLASSES"]
        self.backbone = CSPDarknet53(stem_channels=chans[0], feature_channels=chans[1:],
                                     activate=cfg.MODEL["ACTIVATE"])
        self.head = nn.Conv2d(chans[-1], 1 + self.__nC, 1)

    def forward(self, x):
        return self.head(self.backbone(x))
