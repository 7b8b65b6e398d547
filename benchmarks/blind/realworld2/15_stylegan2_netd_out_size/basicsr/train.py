import argparse

import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader

from basicsr.archs import build_network
from basicsr.data.ffhq_dataset import FFHQDataset


def parse_options():
    parser = argparse.ArgumentParser()
    parser.add_argument('-opt', type=str, required=True, help='Path to option YAML file.')
    args = parser.parse_args()
    with open(args.opt, mode='r') as f:
        opt = yaml.safe_load(f)
    return opt


def train_pipeline():
    opt = parse_options()
    torch.manual_seed(opt['manual_seed'])
    dataset_opt = opt['datasets']['train']
    train_loader = DataLoader(FFHQDataset(dataset_opt), batch_size=dataset_opt['batch_size_per_gpu'],
                              shuffle=True, drop_last=True)
    net_g = build_network(opt['network_g'])
    net_d = build_network(opt['network_d'])
    train_opt = opt['train']
    optimizer_g = torch.optim.Adam(net_g.parameters(), lr=train_opt['optim_g']['lr'], betas=(0., 0.99))
    optimizer_d = torch.optim.Adam(net_d.parameters(), lr=train_opt['optim_d']['lr'], betas=(0., 0.99))
    num_style_feat = opt['network_g']['num_style_feat']

    current_iter = 0
    while current_iter < train_opt['total_iter']:
        for train_data in train_loader:
            current_iter += 1
            real_img = train_data['gt']
            b = real_img.size(0)
            # optimize net_d
            noise = torch.randn(b, num_style_feat)
            fake_img = net_g(noise)
            fake_pred = net_d(fake_img.detach())
            real_pred = net_d(real_img)
            l_d = F.softplus(fake_pred).mean() + F.softplus(-real_pred).mean()
            optimizer_d.zero_grad()
            l_d.backward()
            optimizer_d.step()
            # optimize net_g
            noise = torch.randn(b, num_style_feat)
            fake_pred = net_d(net_g(noise))
            l_g = F.softplus(-fake_pred).mean()
            optimizer_g.zero_grad()
            l_g.backward()
            optimizer_g.step()
            if current_iter % opt['logger']['print_freq'] == 0:
                print(f'[iter:{current_iter:6d}] l_d: {l_d.item():.4f} l_g: {l_g.item():.4f}')
            if current_iter >= train_opt['total_iter']:
                break
    print('End of training.')
