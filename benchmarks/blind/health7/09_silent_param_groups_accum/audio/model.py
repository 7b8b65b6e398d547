import torch.nn as nn


class ConvBlock(nn.Sequential):
    def __init__(self, cin, cout):
        super().__init__(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(), nn.MaxPool2d(2))


class AudioTagger(nn.Module):
    def __init__(self, n_classes, width=16):
        super().__init__()
        self.encoder = nn.Sequential(ConvBlock(1, width), ConvBlock(width, 2 * width))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(nn.Flatten(), nn.Dropout(0.1), nn.Linear(2 * width, n_classes))

    def forward(self, x):
        return self.classifier(self.pool(self.encoder(x)))
