import argparse
from pathlib import Path

import torch

from impl_recon.models import implicits
from impl_recon.utils import data_generation


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--run_dir', type=str, default='runs/ad_sdf')
    parser.add_argument('--num_points', type=int, default=2048)
    args = parser.parse_args()

    run_dir = Path(args.run_dir)
    checkpoint = torch.load(run_dir / 'model_best.pt', map_location='cpu')
    params = checkpoint['params']
    net_state = checkpoint['net_state']
    latents = checkpoint['latents']
    if 'module' in list(net_state.keys())[0]:
        net_state = {k[7:]: x for k, x in net_state.items()}

    net = implicits.create_model(params)
    net.load_state_dict(net_state, strict=True)
    net.eval()

    coords, occ = data_generation.sphere_samples(latents.shape[0], args.num_points, seed=params['seed'])
    with torch.no_grad():
        logits = net(latents, coords)
    pred = (logits > 0).float()
    inter = (pred * occ).sum(dim=1)
    union = ((pred + occ) > 0).float().sum(dim=1).clamp(min=1)
    iou = inter / union
    print(f'epoch {checkpoint["epoch"]}: mean IoU over {latents.shape[0]} shapes = {iou.mean():.4f}')


if __name__ == '__main__':
    main()
