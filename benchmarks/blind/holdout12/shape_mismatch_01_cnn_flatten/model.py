import torch.nn as nn


def conv_block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, kernel_size=3, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
        nn.MaxPool2d(2),
    )


class SmallCNN(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        layers = []
        cin = cfg.in_channels
        for w in cfg.widths:
            layers.append(conv_block(cin, w))
            cin = w
        self.features = nn.Sequential(*layers)
        spatial = cfg.image_size // 4
        self.classifier = nn.Sequential(
            nn.Flatten(),
            nn.Linear(cin * spatial * spatial, 128),
            nn.ReLU(inplace=True),
            nn.Dropout(cfg.dropout),
            nn.Linear(128, cfg.num_classes),
        )

    def forward(self, x):
        return self.classifier(self.features(x))
