import torch
import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, latent_dim, n_classes, seq_len):
        super().__init__()
        self.label_emb = nn.Embedding(n_classes, n_classes)
        self.model = nn.Sequential(
            nn.Linear(latent_dim + n_classes, 128), nn.LeakyReLU(0.2, inplace=True),
            nn.Linear(128, 128), nn.BatchNorm1d(128, 0.8), nn.LeakyReLU(0.2, inplace=True),
            nn.Linear(128, seq_len), nn.Tanh(),
        )

    def forward(self, noise, labels):
        return self.model(torch.cat((self.label_emb(labels), noise), -1))


class Discriminator(nn.Module):
    def __init__(self, n_classes, seq_len):
        super().__init__()
        self.label_embedding = nn.Embedding(n_classes, n_classes)
        self.model = nn.Sequential(
            nn.Linear(n_classes + seq_len, 128), nn.LeakyReLU(0.2, inplace=True),
            nn.Linear(128, 128), nn.Dropout(0.3), nn.LeakyReLU(0.2, inplace=True),
            nn.Linear(128, 1),
        )

    def forward(self, wave, labels):
        return self.model(torch.cat((wave, self.label_embedding(labels)), -1))
