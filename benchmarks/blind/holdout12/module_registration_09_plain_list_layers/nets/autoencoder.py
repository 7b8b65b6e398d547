import torch.nn as nn


class DenseAutoencoder(nn.Module):
    """Symmetric MLP autoencoder: dims = [input, h1, ..., latent]."""

    def __init__(self, dims, activation=nn.SiLU):
        super().__init__()
        self.encoder_layers = []
        for d_in, d_out in zip(dims[:-1], dims[1:]):
            self.encoder_layers.append(nn.Linear(d_in, d_out))
        rev = dims[::-1]
        self.decoder_layers = []
        for d_in, d_out in zip(rev[:-1], rev[1:]):
            self.decoder_layers.append(nn.Linear(d_in, d_out))
        self.act = activation()

    def encode(self, x):
        for i, layer in enumerate(self.encoder_layers):
            x = layer(x)
            if i < len(self.encoder_layers) - 1:
                x = self.act(x)
        return x

    def decode(self, z):
        for i, layer in enumerate(self.decoder_layers):
            z = layer(z)
            if i < len(self.decoder_layers) - 1:
                z = self.act(z)
        return z

    def forward(self, x):
        return self.decode(self.encode(x))
