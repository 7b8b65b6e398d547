import torch.nn as nn


def build_cnn(in_channels=1, num_classes=10, width=16, img_size=28):
    feat = img_size // 4
    return nn.Sequential(
        nn.Conv2d(in_channels, width, kernel_size=3, padding=1),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Conv2d(width, width * 2, kernel_size=3, padding=1),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Flatten(),
        nn.Linear(width * 2 * feat * feat, 64),
        nn.ReLU(),
        nn.Dropout(0.2),
        nn.Linear(64, num_classes),
    )
