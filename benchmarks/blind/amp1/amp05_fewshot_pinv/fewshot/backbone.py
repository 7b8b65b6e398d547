import torch.nn as nn


def conv_block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(), nn.MaxPool2d(2))


class Conv4(nn.Module):
    def __init__(self, width=16, in_ch=1):
        super().__init__()
        self.features = nn.Sequential(conv_block(in_ch, width), conv_block(width, width),
                                      conv_block(width, width), nn.Flatten())

    def forward(self, x):
        return self.features(x)
