import torch
import torch.nn as nn

from .data import NUM_CLASSES, NUM_FEATURES


class Encoder(nn.Module):
    def __init__(self, d_in=NUM_FEATURES, hidden=64, depth=3):
        super().__init__()
        layers, d = [], d_in
        for _ in range(depth):
            layers += [nn.Linear(d, hidden), nn.LayerNorm(hidden), nn.ReLU()]
            d = hidden
        self.net = nn.Sequential(*layers)
        self.out_dim = hidden

    def forward(self, x):
        return self.net(x)


class MaskedFeatureModel(nn.Module):
    def __init__(self, mask_ratio=0.3):
        super().__init__()
        self.encoder = Encoder()
        self.mask_token = nn.Parameter(torch.zeros(NUM_FEATURES))
        self.decoder = nn.Linear(self.encoder.out_dim, NUM_FEATURES)
        self.mask_ratio = mask_ratio

    def forward(self, x):
        mask = torch.rand_like(x) < self.mask_ratio
        x_in = torch.where(mask, self.mask_token.expand_as(x), x)
        recon = self.decoder(self.encoder(x_in))
        return ((recon.float() - x) ** 2)[mask].mean()


class Classifier(nn.Module):
    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Linear(encoder.out_dim, NUM_CLASSES)

    def forward(self, x):
        return self.head(self.encoder(x))
