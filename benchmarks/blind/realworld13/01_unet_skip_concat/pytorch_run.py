import argparse

import torch
import torch.nn as nn
import yaml
from torch.utils.data import DataLoader

from Data_Loader import Images_Dataset_folder
from Models import U_Net

parser = argparse.ArgumentParser()
parser.add_argument('--config', default='config.yaml')
args = parser.parse_args()

with open(args.config) as f:
    cfg = yaml.safe_load(f)

torch.manual_seed(0)
device = torch.device('cpu')

train_data = Images_Dataset_folder(cfg['data']['num_train'], tuple(cfg['data']['image_size']),
                                   cfg['data']['in_channels'])
train_loader = DataLoader(train_data, batch_size=cfg['train']['batch_size'], shuffle=True)

model_test = U_Net(cfg['data']['in_channels'], cfg['model']['out_channels'],
                   cfg['model']['base_filters']).to(device)
opt = torch.optim.Adam(model_test.parameters(), lr=cfg['train']['lr'])
criterion = nn.BCEWithLogitsLoss()

for i in range(cfg['train']['epochs']):
    train_loss = 0.0
    model_test.train()
    for x, y in train_loader:
        x, y = x.to(device), y.to(device)
        opt.zero_grad()
        y_pred = model_test(x)
        lossT = criterion(y_pred, y)
        lossT.backward()
        opt.step()
        train_loss += lossT.item() * x.size(0)
    train_loss = train_loss / len(train_loader.dataset)
    print('Epoch: {}/{} \tTraining Loss: {:.6f}'.format(i + 1, cfg['train']['epochs'], train_loss))
