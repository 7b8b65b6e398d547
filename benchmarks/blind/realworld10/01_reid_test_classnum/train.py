from __future__ import print_function, division

import argparse
import os
import time

import torch
import torch.nn as nn
import torch.optim as optim
import yaml
from torch.optim import lr_scheduler
from torch.utils.data import DataLoader

from model import ft_net
from market import SyntheticMarket
import test

parser = argparse.ArgumentParser(description='Training')
parser.add_argument('--name', default='ft_ResNet50', type=str, help='output model name')
parser.add_argument('--batchsize', default=16, type=int, help='batchsize')
parser.add_argument('--lr', default=0.01, type=float, help='learning rate')
parser.add_argument('--stride', default=2, type=int, help='stride')
parser.add_argument('--droprate', default=0.5, type=float, help='drop rate')
parser.add_argument('--num_epochs', default=3, type=int)
parser.add_argument('--num_ids', default=12, type=int, help='identities in train_all')
opt = parser.parse_args()

torch.manual_seed(0)

image_datasets = {'train': SyntheticMarket(opt.num_ids, 4, seed=0)}
dataloaders = {x: DataLoader(image_datasets[x], batch_size=opt.batchsize, shuffle=True, num_workers=0)
               for x in ['train']}
dataset_sizes = {x: len(image_datasets[x]) for x in ['train']}
class_names = image_datasets['train'].classes
opt.nclasses = len(class_names)


def save_network(network, epoch_label):
    save_filename = 'net_%s.pth' % epoch_label
    save_path = os.path.join('./model', opt.name, save_filename)
    torch.save(network.state_dict(), save_path)


def train_model(model, criterion, optimizer, scheduler, num_epochs=25):
    since = time.time()
    for epoch in range(num_epochs):
        model.train(True)
        running_loss = 0.0
        running_corrects = 0.0
        for inputs, labels in dataloaders['train']:
            now_batch_size = inputs.size(0)
            if now_batch_size < 2:
                continue
            optimizer.zero_grad()
            outputs = model(inputs)
            _, preds = torch.max(outputs.data, 1)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            running_loss += loss.item() * now_batch_size
            running_corrects += float(torch.sum(preds == labels.data))
        scheduler.step()
        epoch_loss = running_loss / dataset_sizes['train']
        epoch_acc = running_corrects / dataset_sizes['train']
        print('Epoch {}/{} train Loss: {:.4f} Acc: {:.4f}'.format(epoch, num_epochs - 1, epoch_loss, epoch_acc))
    time_elapsed = time.time() - since
    print('Training complete in {:.0f}m {:.0f}s'.format(time_elapsed // 60, time_elapsed % 60))
    save_network(model, 'last')
    return model


model = ft_net(len(class_names), opt.droprate, opt.stride)
print(model)

ignored_params = list(map(id, model.classifier.parameters()))
base_params = filter(lambda p: id(p) not in ignored_params, model.parameters())
optimizer_ft = optim.SGD([
    {'params': base_params, 'lr': 0.1 * opt.lr},
    {'params': model.classifier.parameters(), 'lr': opt.lr}
], weight_decay=5e-4, momentum=0.9, nesterov=True)
exp_lr_scheduler = lr_scheduler.StepLR(optimizer_ft, step_size=40, gamma=0.1)

dir_name = os.path.join('./model', opt.name)
os.makedirs(dir_name, exist_ok=True)
with open('%s/opts.yaml' % dir_name, 'w') as fp:
    yaml.dump(vars(opt), fp, default_flow_style=False)

criterion = nn.CrossEntropyLoss()
model = train_model(model, criterion, optimizer_ft, exp_lr_scheduler, num_epochs=opt.num_epochs)

test.evaluate(opt.name, batchsize=opt.batchsize)
