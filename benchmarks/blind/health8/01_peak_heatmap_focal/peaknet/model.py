import torch.nn as nn

from .utils import _sigmoid


def conv_relu(cin, cout, k=5, stride=1):
    return nn.Sequential(
        nn.Conv1d(cin, cout, k, stride=stride, padding=k // 2),
        nn.ReLU(inplace=True),
    )


class PeakNet(nn.Module):
    """Tiny CenterNet-style detector for peaks in 1-D spectra."""

    def __init__(self, head_conv=32, width=32):
        super().__init__()
        self.backbone = nn.Sequential(conv_relu(1, width), conv_relu(width, width), conv_relu(width, width))
        self.hm = nn.Sequential(nn.Conv1d(width, head_conv, 3, padding=1), nn.ReLU(inplace=True),
                                nn.Conv1d(head_conv, 1, 1))
        self.wh = nn.Sequential(nn.Conv1d(width, head_conv, 3, padding=1), nn.ReLU(inplace=True),
                                nn.Conv1d(head_conv, 1, 1))
        self.hm[-1].bias.data.fill_(-2.19)

    def forward(self, x):
        feat = self.backbone(x)
        return {"hm": _sigmoid(self.hm(feat)), "wh": self.wh(feat)}
