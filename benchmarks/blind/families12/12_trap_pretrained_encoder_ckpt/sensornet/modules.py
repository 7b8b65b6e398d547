import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, in_features, hidden=64, latent=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_features, hidden), nn.ReLU(), nn.Linear(hidden, latent))

    def forward(self, x):
        return self.net(x)


class Decoder(nn.Module):
    def __init__(self, out_features, hidden=64, latent=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(latent, hidden), nn.ReLU(), nn.Linear(hidden, out_features))

    def forward(self, z):
        return self.net(z)


class FaultClassifier(nn.Module):
    def __init__(self, encoder, num_classes, freeze_encoder=True):
        super().__init__()
        self.encoder = encoder
        if freeze_encoder:
            for p in self.encoder.parameters():
                p.requires_grad_(False)
        self.head = nn.Linear(encoder.net[-1].out_features, num_classes)

    def forward(self, x):
        return self.head(self.encoder(x))
