import argparse

import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader

from digits import DigitsDataset
from lenet import Net

parser = argparse.ArgumentParser(description='LeNet on 32x32 digits')
parser.add_argument('--batch-size', type=int, default=64)
parser.add_argument('--epochs', type=int, default=3)
parser.add_argument('--lr', type=float, default=0.01)
args = parser.parse_args()

torch.manual_seed(1)
train_loader = DataLoader(DigitsDataset(512), batch_size=args.batch_size, shuffle=True)

net = Net()
criterion = nn.CrossEntropyLoss()
optimizer = optim.SGD(net.parameters(), lr=args.lr, momentum=0.9)

for epoch in range(args.epochs):
    running_loss = 0.0
    for i, (inputs, labels) in enumerate(train_loader):
        optimizer.zero_grad()
        outputs = net(inputs)
        loss = criterion(outputs, labels)
        loss.backward()
        optimizer.step()
        running_loss += loss.item()
    print('[%d] loss: %.3f' % (epoch + 1, running_loss / len(train_loader)))
print('Finished Training')
