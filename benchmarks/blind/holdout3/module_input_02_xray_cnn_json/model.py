import torch.nn as nn


def conv_block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, kernel_size=3, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
        nn.MaxPool2d(2),
    )


class SmallConvNet(nn.Module):
    def __init__(self, in_channels, widths, num_classes, dropout=0.0):
        super().__init__()
        blocks = []
        prev = in_channels
        for w in widths:
            blocks.append(conv_block(prev, w))
            prev = w
        self.features = nn.Sequential(*blocks)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Sequential(nn.Flatten(), nn.Dropout(dropout), nn.Linear(prev, num_classes))

    def forward(self, x):
        return self.head(self.pool(self.features(x)))
