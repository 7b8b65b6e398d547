import torch.nn as nn

cfg = [16, 'M', 32, 'M', 64, 'M']


class VGG(nn.Module):
    def __init__(self, features, S=7, B=2, C=4):
        super(VGG, self).__init__()
        self.features = features
        self.S, self.B, self.C = S, B, C
        self.classifier = nn.Sequential(
            nn.Linear(64 * 7 * 7, 256),
            nn.ReLU(True),
            nn.Dropout(),
            nn.Linear(256, S * S * (B * 5 + C)),
        )

    def forward(self, x):
        x = self.features(x)
        x = x.view(x.size(0), -1)
        x = self.classifier(x)
        x = x.sigmoid()
        return x.view(-1, self.S, self.S, self.B * 5 + self.C)


def make_layers(cfg, batch_norm=True):
    layers = []
    in_channels = 3
    for v in cfg:
        if v == 'M':
            layers += [nn.MaxPool2d(kernel_size=2, stride=2)]
        else:
            conv2d = nn.Conv2d(in_channels, v, kernel_size=3, padding=1)
            layers += [conv2d, nn.BatchNorm2d(v), nn.ReLU(inplace=True)] if batch_norm else [conv2d, nn.ReLU(inplace=True)]
            in_channels = v
    return nn.Sequential(*layers)


def vgg11_bn(**kwargs):
    return VGG(make_layers(cfg), **kwargs)
