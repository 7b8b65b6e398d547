import argparse

import torch
from torch import optim
from torch.utils import data

from data.toy import ToyFaces
from training.model import Model
from training.loop import train

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--iter", type=int, default=1400000)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--size", type=int, default=16)
    parser.add_argument("--latent_dim", type=int, default=64)
    parser.add_argument("--stylecode_dim", type=int, default=8)
    parser.add_argument("--map_size", type=int, default=4)
    parser.add_argument("--lr", type=float, default=0.002)
    parser.add_argument("--lambda_x_rec_loss", type=float, default=1)
    parser.add_argument("--lambda_adv_loss", type=float, default=1)
    parser.add_argument("--lambda_w_rec_loss", type=float, default=1)
    args = parser.parse_args()
    torch.manual_seed(0)

    model = Model(args)
    g_optim = optim.Adam(model.generator.parameters(), lr=args.lr, betas=(0.0, 0.99))
    d_optim = optim.Adam(model.discriminator.parameters(), lr=args.lr, betas=(0.0, 0.99))
    e_optim = optim.Adam(model.encoder.parameters(), lr=args.lr, betas=(0.0, 0.99))

    dataset = ToyFaces()
    loader = data.DataLoader(dataset, batch_size=args.batch, shuffle=True, drop_last=True)
    train(args, loader, model, g_optim, d_optim, e_optim)
    print("done")
