# -*- coding: utf-8 -*-

from __future__ import print_function, division

import argparse
import time
import os
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.optim import lr_scheduler
from torch.utils.data import Dataset, DataLoader

from model import two_view_net

######################################################################
# Options
# --------
parser = argparse.ArgumentParser(description='Training')
parser.add_argument('--gpu_ids', default='0', type=str, help='gpu_ids: e.g. 0  0,1,2  0,2')
parser.add_argument('--name', default='two_view', type=str, help='output model name')
parser.add_argument('--batchsize', default=8, type=int, help='batchsize')
parser.add_argument('--h', default=64, type=int, help='height')
parser.add_argument('--w', default=64, type=int, help='width')
parser.add_argument('--stride', default=2, type=int, help='stride')
parser.add_argument('--pool', default='avg', type=str, help='pool avg')
parser.add_argument('--droprate', default=0.5, type=float, help='drop rate')
parser.add_argument('--share', action='store_true', help='share weight between different view')
parser.add_argument('--lr', default=0.01, type=float, help='learning rate')
parser.add_argument('--num_epochs', default=2, type=int, help='epochs')
opt = parser.parse_args()

torch.manual_seed(0)
np.random.seed(0)
use_gpu = torch.cuda.is_available()


######################################################################
# Load Data
# ---------
# satellite / drone pairs of the same building share one class id
class SyntheticUniversity(Dataset):
    def __init__(self, n_class=10, per_class=4, h=64, w=64):
        rng = np.random.RandomState(1)
        self.proto = rng.rand(n_class, 3, h, w).astype(np.float32)
        self.items = [(c, k) for c in range(n_class) for k in range(per_class)]
        self.h, self.w = h, w

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        c, k = self.items[idx]
        rng = np.random.RandomState(idx)
        sat = self.proto[c] + 0.1 * rng.randn(3, self.h, self.w).astype(np.float32)
        drone = self.proto[c][:, ::-1].copy() + 0.2 * rng.randn(3, self.h, self.w).astype(np.float32)
        return torch.from_numpy(sat), torch.from_numpy(drone), c


image_datasets = {'train': SyntheticUniversity(h=opt.h, w=opt.w)}
dataloaders = {x: DataLoader(image_datasets[x], batch_size=opt.batchsize, shuffle=True, num_workers=0, drop_last=True)
               for x in ['train']}
dataset_sizes = {x: len(image_datasets[x]) for x in ['train']}
class_names = 10
print(dataset_sizes)


######################################################################
# Training the model
# ------------------
def train_model(model, criterion, optimizer, scheduler, num_epochs=25):
    since = time.time()
    for epoch in range(num_epochs):
        print('Epoch {}/{}'.format(epoch, num_epochs - 1))
        print('-' * 10)
        model.train(True)
        running_loss = 0.0
        running_corrects = 0.0
        running_corrects2 = 0.0
        for data in dataloaders['train']:
            inputs, inputs2, labels = data
            now_batch_size = inputs.size(0)
            optimizer.zero_grad()

            outputs, outputs2 = model(inputs, inputs2)
            _, preds = torch.max(outputs.data, 1)
            _, preds2 = torch.max(outputs2.data, 1)
            loss = criterion(outputs, labels) + criterion(outputs2, labels)

            loss.backward()
            optimizer.step()

            running_loss += loss.item() * now_batch_size
            running_corrects += float(torch.sum(preds == labels.data))
            running_corrects2 += float(torch.sum(preds2 == labels.data))

        scheduler.step()
        epoch_loss = running_loss / dataset_sizes['train']
        epoch_acc = running_corrects / dataset_sizes['train']
        epoch_acc2 = running_corrects2 / dataset_sizes['train']
        print('train Loss: {:.4f} Satellite_Acc: {:.4f}  Drone_Acc: {:.4f}'.format(epoch_loss, epoch_acc, epoch_acc2))

    time_elapsed = time.time() - since
    print('Training complete in {:.0f}m {:.0f}s'.format(time_elapsed // 60, time_elapsed % 60))
    return model


model = two_view_net(class_names, droprate=opt.droprate, stride=opt.stride, pool=opt.pool, share_weight=opt.share)
print(model)

ignored_params = list(map(id, model.classifier.parameters()))
base_params = filter(lambda p: id(p) not in ignored_params, model.parameters())
optimizer_ft = optim.SGD([
    {'params': base_params, 'lr': 0.1 * opt.lr},
    {'params': model.classifier.parameters(), 'lr': opt.lr}
], weight_decay=5e-4, momentum=0.9, nesterov=True)

exp_lr_scheduler = lr_scheduler.StepLR(optimizer_ft, step_size=80, gamma=0.1)
criterion = nn.CrossEntropyLoss()

model = train_model(model, criterion, optimizer_ft, exp_lr_scheduler, num_epochs=opt.num_epochs)
