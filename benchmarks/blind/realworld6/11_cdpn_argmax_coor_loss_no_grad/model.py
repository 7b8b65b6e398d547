import torch
import torch.nn as nn


class ResNetBackboneNet(nn.Module):
    def __init__(self, in_channel=3, freeze=False):
        super(ResNetBackboneNet, self).__init__()
        self.freeze = freeze
        self.features = nn.Sequential(
            nn.Conv2d(in_channel, 32, 3, 2, 1, bias=False), nn.BatchNorm2d(32), nn.ReLU(inplace=True),
            nn.Conv2d(32, 64, 3, 2, 1, bias=False), nn.BatchNorm2d(64), nn.ReLU(inplace=True),
        )

    def forward(self, x):
        return self.features(x)


class RotHeadNet(nn.Module):
    def __init__(self, in_channels=64, num_layers=2, num_filters=64, output_dim=3 * 65, freeze=False):
        super(RotHeadNet, self).__init__()
        self.freeze = freeze
        layers = []
        for i in range(num_layers):
            layers += [nn.Conv2d(in_channels if i == 0 else num_filters, num_filters, 3, 1, 1, bias=False),
                       nn.BatchNorm2d(num_filters), nn.ReLU(inplace=True)]
        self.features = nn.Sequential(*layers)
        self.out_layer = nn.Conv2d(num_filters, output_dim + 1, 1)

    def forward(self, x):
        return self.out_layer(self.features(x))


class CDPN(nn.Module):
    def __init__(self, backbone, rot_head_net, coor_bin):
        super(CDPN, self).__init__()
        self.backbone = backbone
        self.rot_head_net = rot_head_net
        self.coor_bin = coor_bin

    def forward(self, x):
        features = self.backbone(x)
        cc_maps = self.rot_head_net(features)
        b = self.coor_bin + 1
        output_coor_x_ = cc_maps[:, 0:b]
        output_coor_y_ = cc_maps[:, b:2 * b]
        output_coor_z_ = cc_maps[:, 2 * b:3 * b]
        output_conf_ = cc_maps[:, 3 * b:3 * b + 1]
        return output_coor_x_, output_coor_y_, output_coor_z_, output_conf_
