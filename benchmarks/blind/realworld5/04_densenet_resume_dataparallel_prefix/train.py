#!/usr/bin/env python3

import argparse
import os

import numpy as np
import torch
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset

import densenet


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--batchSz', type=int, default=32)
    parser.add_argument('--nEpochs', type=int, default=1)
    parser.add_argument('--lr', type=float, default=1e-2)
    parser.add_argument('--resume', type=str, default='')
    parser.add_argument('--save', type=str, default='work/densenet.base')
    parser.add_argument('--seed', type=int, default=1)
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    os.makedirs(args.save, exist_ok=True)

    rng = np.random.RandomState(args.seed)
    trainX = torch.from_numpy(rng.randn(256, 3, 32, 32).astype(np.float32))
    trainY = torch.from_numpy(rng.randint(0, 10, 256)).long()
    trainLoader = DataLoader(TensorDataset(trainX, trainY), batch_size=args.batchSz, shuffle=True)

    net = densenet.DenseNet(growthRate=12, depth=16, reduction=0.5, nClasses=10)
    print('  + Number of params: {}'.format(
        sum([p.data.nelement() for p in net.parameters()])))

    optimizer = optim.SGD(net.parameters(), lr=args.lr, momentum=0.9, weight_decay=1e-4)

    start_epoch = 1
    if args.resume:
        if os.path.isfile(args.resume):
            print("=> loading checkpoint '{}'".format(args.resume))
            checkpoint = torch.load(args.resume, map_location='cpu')
            start_epoch = checkpoint['epoch'] + 1
            net.load_state_dict(checkpoint['state_dict'])
            print("=> loaded checkpoint '{}' (epoch {})".format(args.resume, checkpoint['epoch']))
        else:
            print("=> no checkpoint found at '{}'".format(args.resume))

    for epoch in range(start_epoch, start_epoch + args.nEpochs):
        train(args, epoch, net, trainLoader, optimizer)
        torch.save({'epoch': epoch, 'state_dict': net.state_dict()},
                   os.path.join(args.save, 'latest.pth.tar'))


def train(args, epoch, net, trainLoader, optimizer):
    net.train()
    nProcessed = 0
    nTrain = len(trainLoader.dataset)
    for batch_idx, (data, target) in enumerate(trainLoader):
        optimizer.zero_grad()
        output = net(data)
        loss = F.nll_loss(output, target)
        loss.backward()
        optimizer.step()
        nProcessed += len(data)
        pred = output.data.max(1)[1]
        incorrect = pred.ne(target.data).cpu().sum()
        err = 100. * incorrect / len(data)
        partialEpoch = epoch + batch_idx / len(trainLoader) - 1
        print('Train Epoch: {:.2f} [{}/{} ({:.0f}%)]\tLoss: {:.6f}\tError: {:.6f}'.format(
            partialEpoch, nProcessed, nTrain, 100. * batch_idx / len(trainLoader),
            loss.item(), err))


if __name__ == '__main__':
    main()
