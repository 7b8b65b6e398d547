import argparse

import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader

from data import ring_of_gaussians
from models import Discriminator, Generator

parser = argparse.ArgumentParser()
parser.add_argument("--batchSize", type=int, default=64)
parser.add_argument("--nz", type=int, default=8)
parser.add_argument("--niter", type=int, default=4, help="number of epochs to train for")
parser.add_argument("--lr", type=float, default=0.001)
parser.add_argument("--beta1", type=float, default=0.5)
parser.add_argument("--manualSeed", type=int, default=42)
opt = parser.parse_args()

torch.manual_seed(opt.manualSeed)
dataloader = DataLoader(ring_of_gaussians(1024, seed=opt.manualSeed), batch_size=opt.batchSize, shuffle=True)

netG = Generator(opt.nz)
netD = Discriminator()
criterion = nn.BCEWithLogitsLoss()
fixed_noise = torch.randn(256, opt.nz)
real_label, fake_label = 1.0, 0.0

optimizerD = optim.Adam(netD.parameters(), lr=opt.lr, betas=(opt.beta1, 0.999))
optimizerG = optim.Adam(netG.parameters(), lr=opt.lr, betas=(opt.beta1, 0.999))

for epoch in range(opt.niter):
    for i, (real,) in enumerate(dataloader, 0):
        ############################
        # (1) Update D network: maximize log(D(x)) + log(1 - D(G(z)))
        ###########################
        netD.zero_grad()
        batch_size = real.size(0)
        label = torch.full((batch_size,), real_label)
        output = netD(real)
        errD_real = criterion(output, label)
        errD_real.backward()
        D_x = torch.sigmoid(output).mean().item()

        noise = torch.randn(batch_size, opt.nz)
        fake = netG(noise)
        label.fill_(fake_label)
        output = netD(fake.detach())
        errD_fake = criterion(output, label)
        errD_fake.backward()
        D_G_z1 = torch.sigmoid(output).mean().item()
        errD = errD_real + errD_fake
        optimizerD.step()

        ############################
        # (2) Update G network: maximize log(D(G(z)))
        ###########################
        netG.zero_grad()
        label.fill_(real_label)  # fake labels are real for generator cost
        output = netD(fake)
        errG = criterion(output, label)
        errG.backward()
        D_G_z2 = torch.sigmoid(output).mean().item()
        optimizerG.step()

    with torch.no_grad():
        radius = netG(fixed_noise).norm(dim=1).mean().item()
    print(f"[{epoch}/{opt.niter}] Loss_D: {errD.item():.4f} Loss_G: {errG.item():.4f} "
          f"D(x): {D_x:.4f} D(G(z)): {D_G_z1:.4f} / {D_G_z2:.4f} mean|G(z)|: {radius:.3f}")
