import torch.nn as nn


def conv_bn(cin, cout, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.SiLU())


def kws_cnn(n_words, channels):
    c = channels
    return nn.Sequential(
        conv_bn(1, c), conv_bn(c, c), conv_bn(c, c),
        conv_bn(c, 2 * c, 2), conv_bn(2 * c, 2 * c),
        conv_bn(2 * c, 4 * c, 2), conv_bn(4 * c, 4 * c),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.1), nn.Linear(4 * c, n_words),
    )
