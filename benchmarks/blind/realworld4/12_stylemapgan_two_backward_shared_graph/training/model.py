import math

import torch
from torch import nn
from torch.nn import functional as F


class PixelNorm(nn.Module):
    def forward(self, input):
        return input * torch.rsqrt(torch.mean(input ** 2, dim=1, keepdim=True) + 1e-8)


class StyleMapping(nn.Module):
    """z -> spatial stylemap (the 'stylecode' of StyleMapGAN)"""

    def __init__(self, latent_dim, stylecode_dim, map_size):
        super().__init__()
        self.map_size = map_size
        self.stylecode_dim = stylecode_dim
        self.net = nn.Sequential(PixelNorm(), nn.Linear(latent_dim, 128), nn.LeakyReLU(0.2),
                                 nn.Linear(128, stylecode_dim * map_size * map_size))

    def forward(self, z):
        return self.net(z).view(-1, self.stylecode_dim, self.map_size, self.map_size)


class Generator(nn.Module):
    def __init__(self, size, latent_dim, stylecode_dim, map_size=4, channel=32):
        super().__init__()
        self.mapping = StyleMapping(latent_dim, stylecode_dim, map_size)
        n_up = int(math.log2(size // map_size))
        layers = [nn.Conv2d(stylecode_dim, channel, 3, 1, 1), nn.LeakyReLU(0.2)]
        for _ in range(n_up):
            layers += [nn.Upsample(scale_factor=2), nn.Conv2d(channel, channel, 3, 1, 1), nn.LeakyReLU(0.2)]
        layers += [nn.Conv2d(channel, 3, 1)]
        self.synthesis = nn.Sequential(*layers)

    def forward(self, input, return_stylecode=False, input_is_stylecode=False):
        stylecode = input if input_is_stylecode else self.mapping(input)
        image = torch.tanh(self.synthesis(stylecode))
        if return_stylecode:
            return image, stylecode
        return image, None


class Encoder(nn.Module):
    def __init__(self, size, stylecode_dim, map_size=4, channel=32):
        super().__init__()
        n_down = int(math.log2(size // map_size))
        layers = [nn.Conv2d(3, channel, 3, 1, 1), nn.LeakyReLU(0.2)]
        for _ in range(n_down):
            layers += [nn.Conv2d(channel, channel, 4, 2, 1), nn.LeakyReLU(0.2)]
        layers += [nn.Conv2d(channel, stylecode_dim, 1)]
        self.net = nn.Sequential(*layers)

    def forward(self, image):
        return self.net(image)


class Discriminator(nn.Module):
    def __init__(self, size, channel=32):
        super().__init__()
        layers = [nn.Conv2d(3, channel, 3, 1, 1), nn.LeakyReLU(0.2)]
        s = size
        while s > 4:
            layers += [nn.Conv2d(channel, channel, 4, 2, 1), nn.LeakyReLU(0.2)]
            s //= 2
        self.net = nn.Sequential(*layers)
        self.final = nn.Linear(channel * 16, 1)

    def forward(self, image):
        return self.final(self.net(image).flatten(1))


def g_nonsaturating_loss(fake_pred):
    return F.softplus(-fake_pred).mean()


def d_logistic_loss(real_pred, fake_pred):
    return F.softplus(-real_pred).mean() + F.softplus(fake_pred).mean()


class Model(nn.Module):
    def __init__(self, args):
        super(Model, self).__init__()
        self.args = args
        self.generator = Generator(args.size, args.latent_dim,
                                   args.stylecode_dim, args.map_size)
        self.discriminator = Discriminator(args.size)
        self.encoder = Encoder(args.size, args.stylecode_dim, args.map_size)

    def forward(self, real_img, mode):
        if mode == "G":
            z = torch.randn(self.args.batch, self.args.latent_dim)
            fake_img, stylecode = self.generator(z, return_stylecode=True)
            fake_pred = self.discriminator(fake_img)
            adv_loss = g_nonsaturating_loss(fake_pred)
            fake_stylecode = self.encoder(fake_img)
            w_rec_loss = F.mse_loss(stylecode, fake_stylecode)
            return adv_loss, w_rec_loss, stylecode

        elif mode == "D":
            with torch.no_grad():
                z = torch.randn(real_img.shape[0], self.args.latent_dim)
                fake_img, _ = self.generator(z)
            real_pred = self.discriminator(real_img)
            fake_pred = self.discriminator(fake_img)
            return d_logistic_loss(real_pred, fake_pred)

        elif mode == "E_x_rec":
            stylecode = self.encoder(real_img)
            fake_img, _ = self.generator(stylecode, input_is_stylecode=True)
            return F.mse_loss(fake_img, real_img)
