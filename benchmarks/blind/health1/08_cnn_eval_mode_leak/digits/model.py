import torch.nn as nn


def conv_block(c_in, c_out):
    return nn.Sequential(
        nn.Conv2d(c_in, c_out, 3, padding=1, bias=False),
        nn.BatchNorm2d(c_out),
        nn.ReLU(inplace=True),
    )


class GlyphNet(nn.Module):
    def __init__(self, num_classes=6, p_drop=0.3):
        super().__init__()
        self.stem = conv_block(1, 12)
        self.stage = nn.Sequential(conv_block(12, 24), nn.MaxPool2d(2), conv_block(24, 24))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Sequential(nn.Flatten(), nn.Dropout(p_drop), nn.Linear(24, num_classes))

    def forward(self, x):
        return self.head(self.pool(self.stage(self.stem(x))))
