import torch.nn as nn
import torch.nn.functional as F


class FCN32s(nn.Module):
    """Reduced-width FCN-32s (VGG-style trunk, 1x1 score layer, x32 upsampling)."""

    def __init__(self, n_class=21):
        super(FCN32s, self).__init__()
        layers = []
        c_in = 3
        for c_out in (16, 32, 64, 64, 64):
            layers += [nn.Conv2d(c_in, c_out, 3, padding=1), nn.ReLU(inplace=True),
                       nn.MaxPool2d(2, stride=2, ceil_mode=True)]
            c_in = c_out
        self.features = nn.Sequential(*layers)
        self.fc6 = nn.Conv2d(64, 128, 3, padding=1)
        self.relu6 = nn.ReLU(inplace=True)
        self.drop6 = nn.Dropout2d()
        self.score_fr = nn.Conv2d(128, n_class, 1)

    def forward(self, x):
        h = self.features(x)
        h = self.drop6(self.relu6(self.fc6(h)))
        h = self.score_fr(h)
        h = F.interpolate(h, size=x.shape[2:], mode='bilinear', align_corners=False)
        return h
