import torch.nn as nn


class CallCNN(nn.Module):
    def __init__(self, n_classes):
        super().__init__()
        def blk(i, o):
            return nn.Sequential(nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(), nn.MaxPool2d(2))
        self.features = nn.Sequential(blk(1, 16), blk(16, 32), blk(32, 48))
        self.head = nn.Sequential(nn.AdaptiveMaxPool2d(1), nn.Flatten(), nn.Dropout(0.3), nn.Linear(48, n_classes))

    def forward(self, x):
        return self.head(self.features(x))
