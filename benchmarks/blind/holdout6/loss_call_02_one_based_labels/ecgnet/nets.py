import torch.nn as nn


class ResBlock1d(nn.Module):
    def __init__(self, c_in, c_out, stride=1, k=7):
        super().__init__()
        self.conv1 = nn.Conv1d(c_in, c_out, k, stride, k // 2, bias=False)
        self.bn1 = nn.BatchNorm1d(c_out)
        self.conv2 = nn.Conv1d(c_out, c_out, k, 1, k // 2, bias=False)
        self.bn2 = nn.BatchNorm1d(c_out)
        self.act = nn.ReLU(inplace=True)
        self.skip = (nn.Identity() if stride == 1 and c_in == c_out
                     else nn.Sequential(nn.Conv1d(c_in, c_out, 1, stride, bias=False), nn.BatchNorm1d(c_out)))

    def forward(self, x):
        h = self.act(self.bn1(self.conv1(x)))
        h = self.bn2(self.conv2(h))
        return self.act(h + self.skip(x))


class BeatResNet(nn.Module):
    def __init__(self, num_classes=5, widths=(16, 32, 64)):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv1d(1, widths[0], 9, 1, 4, bias=False), nn.BatchNorm1d(widths[0]),
                                  nn.ReLU(inplace=True))
        blocks, c = [], widths[0]
        for w in widths:
            blocks.append(ResBlock1d(c, w, stride=2))
            c = w
        self.blocks = nn.Sequential(*blocks)
        self.head = nn.Sequential(nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Dropout(0.2), nn.Linear(c, num_classes))

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)))
