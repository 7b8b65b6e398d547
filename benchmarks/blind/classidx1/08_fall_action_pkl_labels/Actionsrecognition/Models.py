import torch
import torch.nn as nn


class StreamSpatialTemporalGraph(nn.Module):
    """Light stand-in for the ST-GCN stream: temporal conv over (C, T, V) then pooling."""

    def __init__(self, in_channels, num_class, hidden=32):
        super().__init__()
        self.data_bn = nn.Identity()
        self.st = nn.Sequential(
            nn.Conv2d(in_channels, hidden, kernel_size=(3, 1), padding=(1, 0)), nn.ReLU(),
            nn.Conv2d(hidden, hidden, kernel_size=(3, 3), padding=(1, 1)), nn.ReLU())
        self.fcn = nn.Conv2d(hidden, num_class, kernel_size=1)

    def forward(self, x):
        x = self.st(self.data_bn(x))
        x = nn.functional.adaptive_avg_pool2d(x, 1)
        return self.fcn(x).view(x.size(0), -1)


class TwoStreamSpatialTemporalGraph(nn.Module):
    """Two inputs spatial temporal graph model: points (x, y, score) and motion (dx, dy)."""

    def __init__(self, graph_args, num_class):
        super().__init__()
        self.pts_stream = StreamSpatialTemporalGraph(3, num_class)
        self.mot_stream = StreamSpatialTemporalGraph(2, num_class)
        self.fcn = nn.Linear(num_class * 2, num_class)

    def forward(self, inputs):
        out1 = self.pts_stream(inputs[0])
        out2 = self.mot_stream(inputs[1])
        concat = torch.cat([out1, out2], dim=-1)
        out = self.fcn(concat)
        return torch.sigmoid(out)
