import argparse
from pathlib import Path

import torch
from torch import nn

from impl_recon.models import implicits
from impl_recon.utils import data_generation


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--run_dir', type=str, default='runs/ad_sdf')
    parser.add_argument('--epochs', type=int, default=200)
    args = parser.parse_args()

    params = {'latent_dim': 16, 'hidden': 64, 'num_layers': 3, 'num_shapes': 8, 'seed': 0, 'lr': 1e-3}
    torch.manual_seed(params['seed'])
    coords, occ = data_generation.sphere_samples(params['num_shapes'], 2048, seed=params['seed'])

    net = implicits.create_model(params)
    net = nn.DataParallel(net)
    latents = nn.Parameter(torch.zeros(params['num_shapes'], params['latent_dim']))
    optimizer = torch.optim.Adam([{'params': net.parameters()}, {'params': [latents]}], lr=params['lr'])
    criterion = nn.BCEWithLogitsLoss()

    for epoch in range(args.epochs):
        optimizer.zero_grad()
        loss = criterion(net(latents, coords), occ)
        loss.backward()
        optimizer.step()

    run_dir = Path(args.run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    torch.save({'epoch': args.epochs, 'params': params, 'net_state': net.state_dict(),
                'latents': latents.detach()}, run_dir / 'model_best.pt')
    print(f'saved {run_dir / "model_best.pt"} (loss {loss.item():.4f})')


if __name__ == '__main__':
    main()
