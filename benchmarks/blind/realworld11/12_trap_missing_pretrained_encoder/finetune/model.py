import torch
import torch.nn as nn


def conv_bn(cin, cout, stride):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(conv_bn(3, 16, 1), conv_bn(16, 32, 2), conv_bn(32, 64, 2),
                                  nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.out_dim = 64

    def forward(self, x):
        return self.body(x)


class Classifier(nn.Module):
    def __init__(self, encoder, num_classes):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Linear(encoder.out_dim, num_classes)

    def forward(self, x):
        return self.head(self.encoder(x))


def load_encoder(path):
    encoder = Encoder()
    state = torch.load(path, map_location="cpu")
    encoder.load_state_dict(state["encoder"])
    return encoder
