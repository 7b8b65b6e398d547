import argparse

import torch
import torch.nn as nn
import torch.optim as optim
import yaml
from torch.utils.data import DataLoader

from gan.data import SyntheticBlobs
from gan.models import Discriminator, Generator, weights_init


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="config.yaml")
    cfg = yaml.safe_load(open(parser.parse_args().config))

    torch.manual_seed(cfg["seed"])
    device = torch.device("cpu")
    dataset = SyntheticBlobs(cfg["n_images"], cfg["image_size"], seed=cfg["seed"])
    dataloader = DataLoader(dataset, batch_size=cfg["batch_size"], shuffle=True)

    netG = Generator(cfg["nz"], cfg["ngf"], cfg["nc"]).to(device)
    netG.apply(weights_init)
    netD = Discriminator(cfg["image_size"], cfg["ndf"], cfg["nc"]).to(device)
    netD.apply(weights_init)

    criterion = nn.BCELoss()
    optimizerD = optim.Adam(netD.parameters(), lr=cfg["lr"], betas=(cfg["beta1"], 0.999))
    optimizerG = optim.Adam(netG.parameters(), lr=cfg["lr"], betas=(cfg["beta1"], 0.999))

    G_losses, D_losses = [], []
    for epoch in range(cfg["num_epochs"]):
        for i, data in enumerate(dataloader, 0):
            # update Discriminator
            netD.zero_grad()
            real = data[0].to(device)
            b_size = real.size(0)
            output_real = netD(real).view(-1)
            errD_real = criterion(output_real, torch.ones_like(output_real))
            errD_real.backward()

            noise = torch.randn(b_size, cfg["nz"], 1, 1, device=device)
            fake = netG(noise)
            output_fake = netD(fake.detach()).view(-1)
            errD_fake = criterion(output_fake, torch.zeros_like(output_fake))
            errD_fake.backward()
            errD = errD_real + errD_fake
            optimizerD.step()

            # update Generator
            netG.zero_grad()
            output = netD(fake).view(-1)
            errG = criterion(output, torch.ones_like(output))
            errG.backward()
            optimizerG.step()

            G_losses.append(errG.item())
            D_losses.append(errD.item())
        print(f"[{epoch}/{cfg['num_epochs']}] Loss_D: {sum(D_losses[-len(dataloader):]) / len(dataloader):.4f} "
              f"Loss_G: {sum(G_losses[-len(dataloader):]) / len(dataloader):.4f}")


if __name__ == "__main__":
    main()
