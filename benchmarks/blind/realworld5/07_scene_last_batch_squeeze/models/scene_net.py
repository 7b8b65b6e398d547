#coding:utf8
import torch as t
from torch import nn


class BasicModule(nn.Module):
    def __init__(self):
        super(BasicModule, self).__init__()
        self.model_name = str(type(self))

    def load(self, path):
        self.load_state_dict(t.load(path))

    def save(self, path):
        t.save(self.state_dict(), path)
        return path


def conv_bn(inp, oup, stride):
    return nn.Sequential(
        nn.Conv2d(inp, oup, 3, stride, 1, bias=False),
        nn.BatchNorm2d(oup),
        nn.ReLU(inplace=True))


class SceneNet(BasicModule):
    def __init__(self, opt):
        super(SceneNet, self).__init__()
        self.model_name = 'scenenet'
        self.features = nn.Sequential(
            conv_bn(3, 32, 2), conv_bn(32, 64, 2), conv_bn(64, 128, 2), conv_bn(128, 256, 2))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Linear(256, opt.num_classes)

    def forward(self, x):
        features = self.pool(self.features(x)).squeeze()
        return self.classifier(features)

    def get_optimizer(self, lr1, lr2):
        return t.optim.Adam([
            {'params': self.features.parameters(), 'lr': lr1},
            {'params': self.classifier.parameters(), 'lr': lr2}
        ], weight_decay=5e-5)
