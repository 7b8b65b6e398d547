import argparse
import torch
import yaml
from torch.utils.data import DataLoader

from models.byol import BYOL
from utils.augment import TwoCropsDataset


def train(net, loader, optimizer, epoch):
    net.train()
    total_loss, total_num = 0.0, 0
    for x1, x2, _ in loader:
        loss = net(x1, x2)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        net.update_moving_average()
        total_num += x1.size(0)
        total_loss += loss.item() * x1.size(0)
    print(f"Epoch {epoch}: loss {total_loss / total_num:.4f}")


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--config', default='configs.yaml')
    parser.add_argument('--epochs', type=int)
    args = parser.parse_args()
    cfg = yaml.safe_load(open(args.config))
    if args.epochs:
        cfg['epochs'] = args.epochs
    torch.manual_seed(0)
    assert cfg['model'] == 'byol'
    net = BYOL(cfg['feature_dim'], cfg['hidden_dim'], cfg['moving_average_decay'])
    loader = DataLoader(TwoCropsDataset(cfg['n_images']), batch_size=cfg['batch_size'], shuffle=True,
                        drop_last=True)
    optimizer = torch.optim.SGD([p for p in net.parameters() if p.requires_grad], lr=cfg['lr'], momentum=0.9)
    for epoch in range(1, cfg['epochs'] + 1):
        train(net, loader, optimizer, epoch)
