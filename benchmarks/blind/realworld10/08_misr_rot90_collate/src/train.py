import argparse
import json
import os
import random

import numpy as np
import torch
import torch.optim as optim
from torch.utils.data import DataLoader

from DataLoader import ImagesetDataset, synth_scenes
from TRNet import TRNet
from utils import collateFunction


def trainAndGetBestModel(fusion_model, optimizer, dataloaders, config):
    num_epochs = config['training']['num_epochs']
    os.makedirs(config['paths']['checkpoint_dir'], exist_ok=True)
    best_score = 1e9
    for epoch in range(1, num_epochs + 1):
        fusion_model.train()
        train_loss = 0.0
        for lrs, hrs, names in dataloaders['train']:
            optimizer.zero_grad()
            srs = fusion_model(lrs)
            loss = torch.mean((srs - hrs) ** 2)
            loss.backward()
            optimizer.step()
            train_loss += loss.detach().item() * len(hrs)
        train_loss /= len(dataloaders['train'].dataset)

        fusion_model.eval()
        val_score = 0.0
        with torch.no_grad():
            for lrs, hrs, names in dataloaders['val']:
                srs = fusion_model(lrs)
                val_score += torch.mean((srs - hrs) ** 2).item() * len(hrs)
        val_score /= len(dataloaders['val'].dataset)
        if val_score < best_score:
            torch.save(fusion_model.state_dict(), os.path.join(config['paths']['checkpoint_dir'], 'TRNet.pth'))
            best_score = val_score
        print('epoch %d  train loss %.5f  val mse %.5f' % (epoch, train_loss, val_score))


def main(config):
    seed = 1
    np.random.seed(seed)
    torch.manual_seed(seed)
    random.seed(seed)

    t = config['training']
    scenes = synth_scenes(t['n_scenes'], t['min_L'], t['patch_size'], seed=0)
    n_val = len(scenes) // 6
    train_dataset = ImagesetDataset(scenes[n_val:], config, augment=True)
    val_dataset = ImagesetDataset(scenes[:n_val], config, augment=False)

    dataloaders = {
        'train': DataLoader(train_dataset, batch_size=t['batch_size'], shuffle=True, num_workers=0,
                            collate_fn=collateFunction(min_L=t['min_L'])),
        'val': DataLoader(val_dataset, batch_size=1, shuffle=False, num_workers=0,
                          collate_fn=collateFunction(min_L=t['min_L'])),
    }
    fusion_model = TRNet(config)
    optimizer = optim.Adam(fusion_model.parameters(), lr=t['lr'])
    trainAndGetBestModel(fusion_model, optimizer, dataloaders, config)


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--config', default='config.json')
    args = parser.parse_args()
    with open(args.config) as f:
        config = json.load(f)
    main(config)
