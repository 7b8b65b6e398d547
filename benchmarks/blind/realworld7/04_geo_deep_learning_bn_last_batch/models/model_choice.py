import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_bn_relu(in_ch, out_ch, k=3, stride=1, dilation=1):
    pad = dilation * (k // 2)
    return nn.Sequential(
        nn.Conv2d(in_ch, out_ch, k, stride=stride, padding=pad, dilation=dilation, bias=False),
        nn.BatchNorm2d(out_ch),
        nn.ReLU(inplace=True),
    )


class ASPPPooling(nn.Sequential):
    def __init__(self, in_channels, out_channels):
        super().__init__(
            nn.AdaptiveAvgPool2d(1),
            nn.Conv2d(in_channels, out_channels, 1, bias=False),
            nn.BatchNorm2d(out_channels),
            nn.ReLU(),
        )

    def forward(self, x):
        size = x.shape[-2:]
        for mod in self:
            x = mod(x)
        return F.interpolate(x, size=size, mode="bilinear", align_corners=False)


class ASPP(nn.Module):
    def __init__(self, in_channels, out_channels=32, rates=(2, 4)):
        super().__init__()
        branches = [conv_bn_relu(in_channels, out_channels, k=1)]
        branches += [conv_bn_relu(in_channels, out_channels, dilation=r) for r in rates]
        branches.append(ASPPPooling(in_channels, out_channels))
        self.convs = nn.ModuleList(branches)
        self.project = conv_bn_relu(len(branches) * out_channels, out_channels, k=1)

    def forward(self, x):
        return self.project(torch.cat([conv(x) for conv in self.convs], dim=1))


class DeepLabV3Small(nn.Module):
    def __init__(self, num_bands, num_classes):
        super().__init__()
        self.backbone = nn.Sequential(
            conv_bn_relu(num_bands, 16, stride=2),
            conv_bn_relu(16, 32, stride=2),
            conv_bn_relu(32, 64),
        )
        self.aspp = ASPP(64, 32)
        self.classifier = nn.Conv2d(32, num_classes, 1)

    def forward(self, x):
        size = x.shape[-2:]
        x = self.classifier(self.aspp(self.backbone(x)))
        return F.interpolate(x, size=size, mode="bilinear", align_corners=False)


def net(params):
    model_name = params["global"]["model_name"].lower()
    num_bands = params["global"]["number_of_bands"]
    num_classes = params["global"]["num_classes"]
    if model_name == "deeplabv3_small":
        model = DeepLabV3Small(num_bands, num_classes)
    else:
        raise ValueError(f"The model name {model_name} in the config.yaml is not defined.")
    return model
