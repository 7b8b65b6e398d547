# -*- coding: utf-8 -*-
from __future__ import print_function, division

import argparse
import torch
import torch.nn as nn
import torch.optim as optim
from torch.optim import lr_scheduler
from torch.utils.data import TensorDataset, DataLoader

from model import ft_net

parser = argparse.ArgumentParser(description='Training')
parser.add_argument('--batchsize', default=8, type=int, help='batchsize')
parser.add_argument('--lr', default=0.05, type=float, help='learning rate')
parser.add_argument('--num_epochs', default=2, type=int)
opt = parser.parse_args()

torch.manual_seed(0)

# a small Market-1501 style split: 24 train images and 25 gallery images of 5 identities (64x32)
num_ids = 5
inputs_all = torch.randn(24, 3, 64, 32)
labels_all = torch.arange(24) % num_ids
gallery_inputs = torch.randn(25, 3, 64, 32)
gallery_labels = torch.arange(25) % num_ids
image_datasets = {'train': TensorDataset(inputs_all, labels_all),
                  'gallery': TensorDataset(gallery_inputs, gallery_labels)}
dataloaders = {x: DataLoader(image_datasets[x], batch_size=opt.batchsize, shuffle=(x == 'train'))
               for x in ['train', 'gallery']}
dataset_sizes = {x: len(image_datasets[x]) for x in ['train']}


def train_model(model, criterion, optimizer, scheduler, num_epochs=25):
    for epoch in range(num_epochs):
        print('Epoch {}/{}'.format(epoch, num_epochs - 1))
        print('-' * 10)
        for phase in ['train']:
            model.train(True)
            running_loss = 0.0
            running_corrects = 0.0
            for data in dataloaders[phase]:
                inputs, labels = data
                optimizer.zero_grad()
                outputs = model(inputs)
                _, preds = torch.max(outputs.data, 1)
                loss = criterion(outputs, labels)
                loss.backward()
                optimizer.step()
                running_loss += loss.item() * inputs.size(0)
                running_corrects += float(torch.sum(preds == labels.data))
            scheduler.step()
            epoch_loss = running_loss / dataset_sizes[phase]
            epoch_acc = running_corrects / dataset_sizes[phase]
            print('{} Loss: {:.4f} Acc: {:.4f}'.format(phase, epoch_loss, epoch_acc))
    return model


model = ft_net(num_ids)
criterion = nn.CrossEntropyLoss()
ignored_params = list(map(id, model.classifier.parameters()))
base_params = filter(lambda p: id(p) not in ignored_params, model.parameters())
optimizer_ft = optim.SGD([
    {'params': base_params, 'lr': 0.1 * opt.lr},
    {'params': model.classifier.parameters(), 'lr': opt.lr}
], weight_decay=5e-4, momentum=0.9, nesterov=True)
exp_lr_scheduler = lr_scheduler.StepLR(optimizer_ft, step_size=40, gamma=0.1)

model = train_model(model, criterion, optimizer_ft, exp_lr_scheduler, num_epochs=opt.num_epochs)


def extract_feature(model, dataloader):
    features = torch.FloatTensor()
    for data in dataloader:
        img, label = data
        with torch.no_grad():
            outputs = model(img)
        features = torch.cat((features, outputs.data.cpu()), 0)
    return features


model = model.eval()
gallery_feature = extract_feature(model, dataloaders['gallery'])
print('gallery feature', tuple(gallery_feature.shape))
