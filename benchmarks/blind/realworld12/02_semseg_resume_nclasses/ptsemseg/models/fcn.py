import torch.nn as nn
import torch.nn.functional as F


def conv_block(in_c, out_c):
    return nn.Sequential(
        nn.Conv2d(in_c, out_c, 3, padding=1),
        nn.ReLU(inplace=True),
        nn.Conv2d(out_c, out_c, 3, padding=1),
        nn.ReLU(inplace=True),
        nn.MaxPool2d(2, stride=2, ceil_mode=True),
    )


class fcn8s(nn.Module):
    def __init__(self, n_classes=21, width=8):
        super().__init__()
        self.n_classes = n_classes
        self.conv_block1 = conv_block(3, width)
        self.conv_block2 = conv_block(width, width * 2)
        self.conv_block3 = conv_block(width * 2, width * 2)
        self.classifier = nn.Sequential(
            nn.Conv2d(width * 2, width * 4, 3, padding=1),
            nn.ReLU(inplace=True),
            nn.Dropout2d(0.1),
            nn.Conv2d(width * 4, n_classes, 1),
        )
        self.score_pool2 = nn.Conv2d(width * 2, n_classes, 1)
        self.score_pool1 = nn.Conv2d(width, n_classes, 1)

    def forward(self, x):
        conv1 = self.conv_block1(x)
        conv2 = self.conv_block2(conv1)
        conv3 = self.conv_block3(conv2)
        score = self.classifier(conv3)
        score = F.interpolate(score, size=conv2.shape[2:], mode="bilinear", align_corners=False)
        score = score + self.score_pool2(conv2)
        score = F.interpolate(score, size=conv1.shape[2:], mode="bilinear", align_corners=False)
        score = score + self.score_pool1(conv1)
        return F.interpolate(score, size=x.shape[2:], mode="bilinear", align_corners=False)
