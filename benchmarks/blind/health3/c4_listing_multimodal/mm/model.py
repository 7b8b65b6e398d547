import torch.nn as nn

from .fusion import GatedFusion


class ConvEncoder(nn.Module):
    def __init__(self, channels):
        super().__init__()
        layers, c_in = [], 1
        for c in channels:
            layers += [nn.Conv2d(c_in, c, 3, padding=1), nn.BatchNorm2d(c), nn.ReLU(), nn.MaxPool2d(2)]
            c_in = c
        self.body = nn.Sequential(*layers)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.out_dim = c_in

    def forward(self, x):
        return self.pool(self.body(x)).flatten(1)


class MetaEncoder(nn.Module):
    def __init__(self, n_in, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.out_dim = hidden

    def forward(self, x):
        return self.net(x)


class ListingClassifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.image_encoder = ConvEncoder(cfg["img_channels"])
        self.meta_encoder = MetaEncoder(cfg["n_meta"], cfg["meta_hidden"])
        self.fusion = GatedFusion(
            self.image_encoder.out_dim, self.meta_encoder.out_dim, cfg["fusion_dim"], cfg["dropout"]
        )
        self.classifier = nn.Linear(cfg["fusion_dim"], cfg["n_classes"])

    def forward(self, img, meta):
        img_feat = self.image_encoder(img)
        meta_feat = self.meta_encoder(meta)
        return self.classifier(self.fusion(img_feat, meta_feat))
