from torch import nn


class Encoder(nn.Module):
    def __init__(self, in_dim=20, latent=8):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, 64)
        self.fc2 = nn.Linear(64, latent)
        self.act = nn.SiLU()

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


class AutoEncoder(nn.Module):
    def __init__(self, in_dim=20, latent=8):
        super().__init__()
        self.encoder = Encoder(in_dim, latent)
        self.decoder = nn.Sequential(nn.Linear(latent, 64), nn.SiLU(), nn.Linear(64, in_dim))

    def forward(self, x):
        return self.decoder(self.encoder(x))


class Classifier(nn.Module):
    def __init__(self, encoder, latent=8, n_classes=3):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Linear(latent, n_classes)

    def forward(self, x):
        return self.head(self.encoder(x))
