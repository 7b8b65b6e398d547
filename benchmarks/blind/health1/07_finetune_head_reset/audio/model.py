import torch.nn as nn


class ConvBackbone(nn.Module):
    def __init__(self, channels):
        super().__init__()
        layers, c_in = [], 1
        for c in channels:
            layers += [
                nn.Conv1d(c_in, c, kernel_size=7, padding=3),
                nn.BatchNorm1d(c),
                nn.ReLU(),
                nn.MaxPool1d(2),
            ]
            c_in = c
        self.layers = nn.Sequential(*layers)
        self.out_dim = c_in

    def forward(self, x):
        return self.layers(x).mean(dim=-1)


class KeywordNet(nn.Module):
    def __init__(self, channels, num_classes, dropout=0.1):
        super().__init__()
        self.backbone = ConvBackbone(channels)
        self.dropout = nn.Dropout(dropout)
        self.classifier = nn.Linear(self.backbone.out_dim, num_classes)

    def reset_classifier(self, num_classes):
        self.classifier = nn.Linear(self.backbone.out_dim, num_classes)

    def forward(self, x):
        return self.classifier(self.dropout(self.backbone(x)))
