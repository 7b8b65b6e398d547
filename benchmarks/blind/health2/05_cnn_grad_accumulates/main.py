import argparse

import torch
import torch.nn as nn

from shapes import make_shapes_dataset
from net import SmallConvNet
from train_utils import train_epoch, test


parser = argparse.ArgumentParser()
parser.add_argument('--epochs', type=int, default=10)
parser.add_argument('--lr', type=float, default=0.1)
parser.add_argument('--momentum', type=float, default=0.9)
parser.add_argument('--bs', type=int, default=32)
args = parser.parse_args()

torch.manual_seed(1)

trainloader, testloader = make_shapes_dataset(batch_size=args.bs)
net = SmallConvNet(n_classes=4)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(net.parameters(), lr=args.lr, momentum=args.momentum)

for epoch in range(args.epochs):
    train_loss = train_epoch(net, trainloader, optimizer, criterion, epoch)
    acc = test(net, testloader)
    print('[%d] loss: %.3f  test acc: %.1f %%' % (epoch + 1, train_loss, 100 * acc))

print('Finished Training')
