import torch.nn as nn


class ConvBackbone(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, width, 3, padding=1), nn.ReLU())
        self.stage1 = nn.Sequential(nn.Conv2d(width, width, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2))
        self.stage2 = nn.Sequential(nn.Conv2d(width, 2 * width, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2))
        self.stage3 = nn.Sequential(nn.Conv2d(2 * width, 2 * width, 3, padding=1), nn.ReLU(),
                                    nn.AdaptiveAvgPool2d(1))
        self.out_dim = 2 * width

    def forward(self, x):
        return self.stage3(self.stage2(self.stage1(self.stem(x)))).flatten(1)


class TextureClassifier(nn.Module):
    def __init__(self, backbone, n_classes=4):
        super().__init__()
        self.backbone = backbone
        self.fc = nn.Linear(backbone.out_dim, n_classes)

    def forward(self, x):
        return self.fc(self.backbone(x))
