import torch
import common.torch


class LearnedVariationalAutoEncoder(torch.nn.Module):
    """
    Variational auto encoder with convolutional encoder/decoder.
    """

    def __init__(self, resolution=(1, 28, 28), latent_space_size=10, start_channels=16, kernel_size=4):
        super(LearnedVariationalAutoEncoder, self).__init__()

        self.resolution = list(resolution)
        self.latent_space_size = latent_space_size
        self.encoder_layers = []
        self.decoder_layers = []

        channels = start_channels
        in_channels = resolution[0]
        size = resolution[1]
        for i in range(2):
            name = 'enc_conv%d' % i
            self.add_module(name, torch.nn.Conv2d(in_channels, channels, kernel_size=kernel_size, stride=2, padding=1))
            self.encoder_layers.append(name)
            name = 'enc_bn%d' % i
            self.add_module(name, torch.nn.BatchNorm2d(channels))
            self.encoder_layers.append(name)
            name = 'enc_relu%d' % i
            self.add_module(name, torch.nn.ReLU())
            self.encoder_layers.append(name)
            in_channels = channels
            channels *= 2
            size //= 2

        self.representation_size = [in_channels, size, size]
        representation = in_channels * size * size

        self.add_module('enc_view', common.torch.View(-1, representation))
        self.encoder_layers.append('enc_view')
        self.add_module('enc_mu', torch.nn.Linear(representation, latent_space_size))
        self.add_module('enc_logvar', torch.nn.Linear(representation, latent_space_size))

        self.add_module('dec_linear', torch.nn.Linear(latent_space_size, representation))
        self.decoder_layers.append('dec_linear')
        self.add_module('dec_view', common.torch.View(-1, *self.representation_size))
        self.decoder_layers.append('dec_view')

        channels = in_channels
        for i in range(2):
            out_channels = channels // 2 if i < 1 else resolution[0]
            name = 'dec_deconv%d' % i
            self.add_module(name, torch.nn.ConvTranspose2d(channels, out_channels, kernel_size=kernel_size, stride=2, padding=1))
            self.decoder_layers.append(name)
            if i < 1:
                name = 'dec_relu%d' % i
                self.add_module(name, torch.nn.ReLU())
                self.decoder_layers.append(name)
            channels = out_channels
        self.add_module('dec_sigmoid', torch.nn.Sigmoid())
        self.decoder_layers.append('dec_sigmoid')

    def encode(self, image):
        output = image
        for name in self.encoder_layers:
            output = getattr(self, name)(output)
        return self.enc_mu(output), self.enc_logvar(output)

    def reparameterize(self, mu, logvar):
        if self.training:
            std = torch.exp(0.5 * logvar)
            eps = torch.randn_like(std)
            return eps.mul(std).add_(mu)
        return mu

    def decode(self, latent):
        output = latent
        for name in self.decoder_layers:
            output = getattr(self, name)(output)
        return output

    def forward(self, image):
        mu, logvar = self.encode(image)
        z = self.reparameterize(mu, logvar)
        return self.decode(z), mu, logvar
