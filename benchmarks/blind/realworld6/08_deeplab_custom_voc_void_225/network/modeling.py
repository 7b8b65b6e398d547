import torch
import torch.nn as nn
import torch.nn.functional as F


def _conv_bn(i, o, s=1, d=1):
    return nn.Sequential(nn.Conv2d(i, o, 3, s, padding=d, dilation=d, bias=False),
                         nn.BatchNorm2d(o), nn.ReLU(inplace=True))


class ASPP(nn.Module):
    def __init__(self, in_channels, atrous_rates, out_channels=32):
        super(ASPP, self).__init__()
        self.b0 = nn.Sequential(nn.Conv2d(in_channels, out_channels, 1, bias=False),
                                nn.BatchNorm2d(out_channels), nn.ReLU(inplace=True))
        self.branches = nn.ModuleList([_conv_bn(in_channels, out_channels, d=r) for r in atrous_rates])
        self.project = nn.Sequential(
            nn.Conv2d(out_channels * (1 + len(atrous_rates)), out_channels, 1, bias=False),
            nn.BatchNorm2d(out_channels), nn.ReLU(inplace=True), nn.Dropout(0.1))

    def forward(self, x):
        res = [self.b0(x)] + [b(x) for b in self.branches]
        return self.project(torch.cat(res, dim=1))


class DeepLabHeadV3Plus(nn.Module):
    def __init__(self, in_channels, low_level_channels, num_classes, aspp_dilate=[6, 12, 18]):
        super(DeepLabHeadV3Plus, self).__init__()
        self.project = nn.Sequential(
            nn.Conv2d(low_level_channels, 16, 1, bias=False),
            nn.BatchNorm2d(16),
            nn.ReLU(inplace=True),
        )
        self.aspp = ASPP(in_channels, aspp_dilate)
        self.classifier = nn.Sequential(
            nn.Conv2d(48, 32, 3, padding=1, bias=False),
            nn.BatchNorm2d(32),
            nn.ReLU(inplace=True),
            nn.Conv2d(32, num_classes, 1)
        )

    def forward(self, feature):
        low_level_feature = self.project(feature['low_level'])
        output_feature = self.aspp(feature['out'])
        output_feature = F.interpolate(output_feature, size=low_level_feature.shape[2:], mode='bilinear', align_corners=False)
        return self.classifier(torch.cat([low_level_feature, output_feature], dim=1))


class TinyMobileNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.low = nn.Sequential(_conv_bn(3, 16, 2), _conv_bn(16, 24, 2))
        self.high = nn.Sequential(_conv_bn(24, 32, 2), _conv_bn(32, 64, 2))

    def forward(self, x):
        low = self.low(x)
        return {'low_level': low, 'out': self.high(low)}


class DeepLabV3(nn.Module):
    def __init__(self, backbone, classifier):
        super(DeepLabV3, self).__init__()
        self.backbone = backbone
        self.classifier = classifier

    def forward(self, x):
        input_shape = x.shape[-2:]
        features = self.backbone(x)
        x = self.classifier(features)
        x = F.interpolate(x, size=input_shape, mode='bilinear', align_corners=False)
        return x


def deeplabv3plus_mobilenet(num_classes=21, output_stride=8, pretrained_backbone=False):
    aspp_dilate = [12, 24, 36] if output_stride == 8 else [6, 12, 18]
    return DeepLabV3(TinyMobileNet(), DeepLabHeadV3Plus(64, 24, num_classes, aspp_dilate))
