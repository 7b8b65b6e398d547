import torch
import torch.nn as nn


def train_epoch(generator, discriminator, loader, opt_G, opt_D, latent_dim, n_classes):
    adversarial_loss = nn.BCEWithLogitsLoss()
    generator.train()
    discriminator.train()
    g_sum = d_sum = 0.0
    for real_waves, labels in loader:
        batch_size = real_waves.size(0)
        valid = torch.ones(batch_size, 1)
        fake = torch.zeros(batch_size, 1)

        # ---------------------
        #  Train Discriminator
        # ---------------------
        z = torch.randn(batch_size, latent_dim)
        gen_labels = torch.randint(0, n_classes, (batch_size,))
        gen_waves = generator(z, gen_labels)

        opt_D.zero_grad()
        real_loss = adversarial_loss(discriminator(real_waves, labels), valid)
        fake_loss = adversarial_loss(discriminator(gen_waves.detach(), gen_labels), fake)
        d_loss = (real_loss + fake_loss) / 2
        d_loss.backward()
        opt_D.step()

        # -----------------
        #  Train Generator
        # -----------------
        opt_G.zero_grad()
        g_loss = adversarial_loss(discriminator(gen_waves, gen_labels), valid)
        g_loss.backward()
        opt_G.step()

        g_sum += g_loss.item()
        d_sum += d_loss.item()
    return g_sum / len(loader), d_sum / len(loader)
