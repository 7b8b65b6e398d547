import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from wavegan.data import sine_dataset
from wavegan.models import Discriminator, Generator
from wavegan.train_gan import train_epoch

parser = argparse.ArgumentParser()
parser.add_argument("--config", default="cgan.yaml")
parser.add_argument("--n_epochs", type=int, default=None)
opt = parser.parse_args()
cfg = yaml.safe_load(open(opt.config))

torch.manual_seed(cfg["seed"])
generator = Generator(cfg["latent_dim"], cfg["n_classes"], cfg["seq_len"])
discriminator = Discriminator(cfg["n_classes"], cfg["seq_len"])
dataloader = DataLoader(sine_dataset(cfg["n_samples"], cfg["seq_len"], cfg["n_classes"]),
                        batch_size=cfg["batch_size"], shuffle=True, drop_last=True)

optimizer_G = torch.optim.Adam(generator.parameters(), lr=cfg["lr"], betas=(cfg["b1"], cfg["b2"]))
optimizer_D = torch.optim.Adam(discriminator.parameters(), lr=cfg["lr"], betas=(cfg["b1"], cfg["b2"]))

for epoch in range(opt.n_epochs or cfg["n_epochs"]):
    g_loss, d_loss = train_epoch(generator, discriminator, dataloader, optimizer_G, optimizer_D,
                                 cfg["latent_dim"], cfg["n_classes"])
    print(f"[Epoch {epoch}/{cfg['n_epochs']}] [D loss: {d_loss:.4f}] [G loss: {g_loss:.4f}]")

torch.save(generator.state_dict(), "generator.pth")
