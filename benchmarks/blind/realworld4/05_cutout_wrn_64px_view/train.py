# run train.py --dataset tiny64 --model wideresnet --data_augmentation --cutout --length 16

import argparse
import numpy as np

import torch
import torch.nn as nn
from torch.optim.lr_scheduler import MultiStepLR

from util.misc import CSVLogger
from util.cutout import Cutout
from util.data import make_tiny_imagenet_like, NumpyImageFolder

from model.wide_resnet import WideResNet

model_options = ['wideresnet']
dataset_options = ['tiny64']

parser = argparse.ArgumentParser(description='CNN')
parser.add_argument('--dataset', '-d', default='tiny64', choices=dataset_options)
parser.add_argument('--model', '-a', default='wideresnet', choices=model_options)
parser.add_argument('--batch_size', type=int, default=128, help='input batch size for training (default: 128)')
parser.add_argument('--epochs', type=int, default=200, help='number of epochs to train (default: 20)')
parser.add_argument('--learning_rate', type=float, default=0.1, help='learning rate')
parser.add_argument('--data_augmentation', action='store_true', default=False, help='augment data by flipping')
parser.add_argument('--cutout', action='store_true', default=False, help='apply cutout')
parser.add_argument('--n_holes', type=int, default=1, help='number of holes to cut out from image')
parser.add_argument('--length', type=int, default=16, help='length of the holes')
parser.add_argument('--depth', type=int, default=16)
parser.add_argument('--widen_factor', type=int, default=8)
parser.add_argument('--no-cuda', action='store_true', default=False, help='enables CUDA training')
parser.add_argument('--seed', type=int, default=0, help='random seed (default: 1)')

args = parser.parse_args()
args.cuda = not args.no_cuda and torch.cuda.is_available()
cudnn_benchmark = True

torch.manual_seed(args.seed)
np.random.seed(args.seed)

test_id = args.dataset + '_' + args.model
print(args)

# Image Preprocessing
mean = [0.480, 0.448, 0.398]
std = [0.277, 0.269, 0.282]
train_transform = Cutout(n_holes=args.n_holes, length=args.length) if args.cutout else None

path = make_tiny_imagenet_like('data/')
train_dataset = NumpyImageFolder(path, train=True, transform=train_transform, mean=mean, std=std)
test_dataset = NumpyImageFolder(path, train=False, mean=mean, std=std)
num_classes = 10

# Data Loader (Input Pipeline)
train_loader = torch.utils.data.DataLoader(dataset=train_dataset, batch_size=args.batch_size,
                                           shuffle=True, pin_memory=True, num_workers=0)
test_loader = torch.utils.data.DataLoader(dataset=test_dataset, batch_size=args.batch_size,
                                          shuffle=False, pin_memory=True, num_workers=0)

cnn = WideResNet(depth=args.depth, num_classes=num_classes, widen_factor=args.widen_factor, dropRate=0.3)
device = torch.device('cuda' if args.cuda else 'cpu')
cnn = cnn.to(device)
criterion = nn.CrossEntropyLoss().to(device)
cnn_optimizer = torch.optim.SGD(cnn.parameters(), lr=args.learning_rate,
                                momentum=0.9, nesterov=True, weight_decay=5e-4)
scheduler = MultiStepLR(cnn_optimizer, milestones=[60, 120, 160], gamma=0.2)

filename = 'logs/' + test_id + '.csv'
import os
os.makedirs('logs', exist_ok=True)
csv_logger = CSVLogger(args=args, fieldnames=['epoch', 'train_acc', 'test_acc'], filename=filename)


def test(loader):
    cnn.eval()    # Change model to 'eval' mode (BN uses moving mean/var).
    correct = 0.
    total = 0.
    for images, labels in loader:
        images = images.to(device)
        labels = labels.to(device)
        with torch.no_grad():
            pred = cnn(images)
        pred = torch.max(pred.data, 1)[1]
        total += labels.size(0)
        correct += (pred == labels).sum().item()
    val_acc = correct / total
    cnn.train()
    return val_acc


for epoch in range(args.epochs):
    xentropy_loss_avg = 0.
    correct = 0.
    total = 0.

    for i, (images, labels) in enumerate(train_loader):
        images = images.to(device)
        labels = labels.to(device)

        cnn.zero_grad()
        pred = cnn(images)

        xentropy_loss = criterion(pred, labels)
        xentropy_loss.backward()
        cnn_optimizer.step()

        xentropy_loss_avg += xentropy_loss.item()

        # Calculate running average of accuracy
        pred = torch.max(pred.data, 1)[1]
        total += labels.size(0)
        correct += (pred == labels.data).sum().item()
        accuracy = correct / total
        print('epoch %d iter %d xentropy %.3f acc %.3f' % (epoch, i, xentropy_loss_avg / (i + 1), accuracy))

    test_acc = test(test_loader)
    print('test_acc: %.3f' % (test_acc))
    scheduler.step()
    row = {'epoch': str(epoch), 'train_acc': str(accuracy), 'test_acc': str(test_acc)}
    csv_logger.writerow(row)

torch.save(cnn.state_dict(), 'checkpoints/' + test_id + '.pt' if os.path.isdir('checkpoints') else test_id + '.pt')
csv_logger.close()
