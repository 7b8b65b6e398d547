import torch
from torch import nn


def conv_block(c_in, c_out):
    return nn.Sequential(
        nn.Conv2d(c_in, c_out, kernel_size=3, padding=1),
        nn.BatchNorm2d(c_out),
        nn.ReLU(inplace=True),
        nn.MaxPool2d(2),
    )


class SmallCNN(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        blocks = []
        c_in = 3
        for c_out in cfg.channels:
            blocks.append(conv_block(c_in, c_out))
            c_in = c_out
        self.features = nn.Sequential(*blocks)
        self.classifier = nn.Sequential(
            nn.Flatten(),
            nn.Linear(cfg.fc_in_features, cfg.fc_hidden),
            nn.ReLU(inplace=True),
            nn.Dropout(cfg.dropout),
            nn.Linear(cfg.fc_hidden, cfg.num_classes),
        )

    def forward(self, x):
        return self.classifier(self.features(x))
