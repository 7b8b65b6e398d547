import argparse

import torch
import torch.nn as nn
import yaml
from torch.utils.data import DataLoader

from dataset import BlobDataset
from unet.unet_model import UNet


def train_net(net, cfg):
    d, t = cfg['data'], cfg['train']
    train_set = BlobDataset(d['num_train'], d['image_size'], d['crop_size'], seed=0, train=True)
    val_set = BlobDataset(d['num_val'], d['image_size'], d['crop_size'], seed=1, train=False)
    train_loader = DataLoader(train_set, batch_size=t['batch_size'], shuffle=True)
    val_loader = DataLoader(val_set, batch_size=t['batch_size'])

    optimizer = torch.optim.Adam(net.parameters(), lr=t['lr'])
    criterion = nn.CrossEntropyLoss()
    for epoch in range(t['epochs']):
        net.train()
        epoch_loss = 0
        for imgs, true_masks in train_loader:
            masks_pred = net(imgs)
            loss = criterion(masks_pred, true_masks)
            epoch_loss += loss.item()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        net.eval()
        inter, union = 0, 0
        with torch.no_grad():
            for imgs, true_masks in val_loader:
                pred = net(imgs).argmax(1)
                inter += ((pred == 1) & (true_masks == 1)).sum().item()
                union += ((pred == 1) | (true_masks == 1)).sum().item()
        print('Epoch {} finished ! Loss: {:.4f}  val IoU: {:.3f}'.format(
            epoch + 1, epoch_loss / len(train_loader), inter / max(union, 1)))


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--config', default='config.yaml')
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(0)
    net = UNet(n_channels=cfg['model']['n_channels'], n_classes=cfg['data']['num_classes'],
               w=cfg['model']['base_width'])
    train_net(net, cfg)
