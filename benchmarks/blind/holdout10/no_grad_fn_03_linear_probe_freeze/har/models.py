import torch.nn as nn


class ConvEncoder(nn.Module):
    def __init__(self, in_ch=3, width=32, out_dim=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(in_ch, width, 7, padding=3), nn.BatchNorm1d(width), nn.ReLU(),
            nn.Conv1d(width, width, 5, padding=2, stride=2), nn.BatchNorm1d(width), nn.ReLU(),
            nn.Conv1d(width, out_dim, 5, padding=2, stride=2), nn.BatchNorm1d(out_dim), nn.ReLU(),
        )
        self.out_dim = out_dim

    def forward(self, x):
        return self.net(x)


class ConvDecoder(nn.Module):
    def __init__(self, out_ch=3, width=32, in_dim=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.ConvTranspose1d(in_dim, width, 4, stride=2, padding=1), nn.ReLU(),
            nn.ConvTranspose1d(width, width, 4, stride=2, padding=1), nn.ReLU(),
            nn.Conv1d(width, out_ch, 7, padding=3),
        )

    def forward(self, z):
        return self.net(z)


class AutoEncoder(nn.Module):
    def __init__(self, **kw):
        super().__init__()
        self.encoder = ConvEncoder(**kw)
        self.decoder = ConvDecoder(in_dim=self.encoder.out_dim)

    def forward(self, x):
        return self.decoder(self.encoder(x))


class ActivityClassifier(nn.Module):
    def __init__(self, num_classes, **kw):
        super().__init__()
        self.encoder = ConvEncoder(**kw)
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.classifier = nn.Sequential(nn.Dropout(0.2), nn.Linear(self.encoder.out_dim, num_classes))

    def forward(self, x):
        return self.classifier(self.pool(self.encoder(x)).flatten(1))
