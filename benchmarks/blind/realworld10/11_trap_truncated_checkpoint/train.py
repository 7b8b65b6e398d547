import argparse
import os

import torch
import torch.nn as nn
import yaml
from torch.utils.data import DataLoader, TensorDataset

from model import MLP


def make_data(n, in_features, n_classes, seed):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(n_classes, in_features, generator=torch.Generator().manual_seed(99)) * 2
    y = torch.randint(0, n_classes, (n,), generator=g)
    x = centers[y] + torch.randn(n, in_features, generator=g)
    return TensorDataset(x, y)


def save_checkpoint(path, model, optimizer, epoch):
    torch.save({'epoch': epoch, 'model': model.state_dict(), 'optimizer': optimizer.state_dict()}, path)


def main(cfg):
    torch.manual_seed(0)
    m, t = cfg['model'], cfg['train']
    loader = DataLoader(make_data(512, m['in_features'], m['n_classes'], 0), batch_size=t['batch_size'], shuffle=True)
    model = MLP(m['in_features'], m['hidden'], m['n_classes'])
    optimizer = torch.optim.Adam(model.parameters(), lr=t['lr'])
    criterion = nn.CrossEntropyLoss()

    start_epoch = 0
    if t.get('resume') and os.path.isfile(t['resume']):
        print('=> resuming from %s' % t['resume'])
        ckpt = torch.load(t['resume'], map_location='cpu')
        model.load_state_dict(ckpt['model'])
        optimizer.load_state_dict(ckpt['optimizer'])
        start_epoch = ckpt['epoch'] + 1

    os.makedirs(t['save_dir'], exist_ok=True)
    for epoch in range(start_epoch, start_epoch + t['epochs']):
        total = 0.0
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.item() * len(y)
        print('epoch %d loss %.4f' % (epoch, total / len(loader.dataset)))
        save_checkpoint(os.path.join(t['save_dir'], 'last.pt'), model, optimizer, epoch)


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--config', default='config.yaml')
    args = parser.parse_args()
    with open(args.config) as f:
        main(yaml.safe_load(f))
