# Simple GAN on MNIST-like data (following the "GANs from scratch" tutorial)
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from utils import get_fake_mnist, real_labels, fake_labels, sample_noise, save_samples

torch.manual_seed(1)

z_dim = 64
image_dim = 28 * 28
batch_size = 64
lr = 2e-4
num_epochs = 2


class Discriminator(nn.Module):
    def __init__(self, in_features):
        super().__init__()
        self.disc = nn.Sequential(
            nn.Linear(in_features, 128),
            nn.LeakyReLU(0.2),
            nn.Linear(128, 1),
            nn.Sigmoid(),
        )

    def forward(self, x):
        return self.disc(x)


class Generator(nn.Module):
    def __init__(self, z_dim, img_dim):
        super().__init__()
        self.gen = nn.Sequential(
            nn.Linear(z_dim, 256),
            nn.LeakyReLU(0.2),
            nn.Linear(256, img_dim),
            nn.Tanh(),
        )

    def forward(self, x):
        return self.gen(x)


disc = Discriminator(image_dim)
gen = Generator(z_dim, image_dim)
opt_disc = torch.optim.Adam(disc.parameters(), lr=lr, betas=(0.5, 0.999))
opt_gen = torch.optim.Adam(gen.parameters(), lr=lr, betas=(0.5, 0.999))
criterion = nn.BCELoss()

dataset = TensorDataset(get_fake_mnist())
loader = DataLoader(dataset, batch_size=batch_size, shuffle=True, drop_last=True)

for epoch in range(num_epochs):
    for batch_idx, (real,) in enumerate(loader):
        cur_batch = real.shape[0]

        ### Train Discriminator: max log(D(x)) + log(1 - D(G(z)))
        noise = sample_noise(cur_batch, z_dim)
        fake = gen(noise)
        disc_real = disc(real)
        lossD_real = criterion(disc_real, real_labels(cur_batch))
        disc_fake = disc(fake.detach())
        lossD_fake = criterion(disc_fake, fake_labels(cur_batch))
        lossD = (lossD_real + lossD_fake) / 2
        opt_disc.zero_grad()
        lossD.backward()
        opt_disc.step()

        ### Train Generator: min log(1 - D(G(z))) <-> max log(D(G(z)))
        output = disc(fake)
        lossG = criterion(output, real_labels(cur_batch))
        opt_gen.zero_grad()
        lossG.backward()
        opt_gen.step()

        if batch_idx % 8 == 0:
            print(f"Epoch [{epoch + 1}/{num_epochs}] Batch {batch_idx}/{len(loader)} "
                  f"Loss D: {lossD.item():.4f}, loss G: {lossG.item():.4f}")

save_samples(gen, z_dim, "samples/final.pt")
print("done")
