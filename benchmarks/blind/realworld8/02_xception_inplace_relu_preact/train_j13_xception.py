import argparse
import time

import numpy as np
import torch
import torch.nn as nn
import torch.utils.data

from models.xception import xception


parser = argparse.ArgumentParser(description='j13 xception training')
parser.add_argument('--epochs', default=1, type=int)
parser.add_argument('--batch-size', default=16, type=int)
parser.add_argument('--lr', default=0.045, type=float)
parser.add_argument('--num-train', default=128, type=int)
parser.add_argument('--print-freq', default=2, type=int)


class AverageMeter(object):
    def __init__(self):
        self.reset()

    def reset(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


def make_loader(num, batch_size):
    rng = np.random.RandomState(13)
    images = rng.randn(num, 3, 32, 32).astype(np.float32)
    labels = rng.randint(0, 10, size=num).astype(np.int64)
    dataset = torch.utils.data.TensorDataset(torch.from_numpy(images), torch.from_numpy(labels))
    return torch.utils.data.DataLoader(dataset, batch_size=batch_size, shuffle=True)


def train(train_loader, model, criterion, optimizer, epoch, lr_scheduler):
    losses = AverageMeter()
    model.train()
    end = time.time()
    for i, (input, target) in enumerate(train_loader):
        output = model(input)
        loss = criterion(output, target)

        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        lr_scheduler.step()

        losses.update(loss.item(), input.size(0))
        if i % args.print_freq == 0:
            print('Epoch: [{0}][{1}/{2}]\tTime {3:.3f}\tLoss {loss.val:.4f} ({loss.avg:.4f})'.format(
                epoch, i, len(train_loader), time.time() - end, loss=losses))
        end = time.time()


if __name__ == '__main__':
    args = parser.parse_args()
    torch.manual_seed(13)

    model = xception(num_classes=10)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=1e-5)
    train_loader = make_loader(args.num_train, args.batch_size)
    lr_scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=args.epochs * len(train_loader))

    for epoch in range(args.epochs):
        train(train_loader, model, criterion, optimizer, epoch, lr_scheduler)
