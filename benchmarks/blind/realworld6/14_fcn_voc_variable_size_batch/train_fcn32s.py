#!/usr/bin/env python

import argparse
import os
import os.path as osp

import torch
import torch.nn.functional as F

import torchfcn


configurations = {
    # same configuration as original work
    # https://github.com/shelhamer/fcn.berkeleyvision.org
    1: dict(
        max_iteration=12,
        lr=1.0e-3,
        momentum=0.99,
        weight_decay=0.0005,
        interval_validate=4000,
        batch_size=4,
    )
}


def cross_entropy2d(input, target, weight=None, size_average=True):
    # input: (n, c, h, w), target: (n, h, w)
    n, c, h, w = input.size()
    log_p = F.log_softmax(input, dim=1)
    loss = F.nll_loss(log_p, target, weight=weight, ignore_index=-1, reduction='sum')
    if size_average:
        loss /= (target >= 0).sum().clamp(min=1)
    return loss


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('-c', '--config', type=int, default=1,
                        choices=configurations.keys())
    parser.add_argument('--resume', help='Checkpoint path')
    args = parser.parse_args()

    cfg = configurations[args.config]
    root = osp.join(osp.dirname(osp.abspath(__file__)), 'data', 'datasets')

    torch.manual_seed(1337)

    # 1. dataset

    kwargs = {'num_workers': 0}
    train_loader = torch.utils.data.DataLoader(
        torchfcn.datasets.VOC2012ClassSeg(root, split='train', transform=True),
        batch_size=cfg['batch_size'], shuffle=True, **kwargs)

    # 2. model

    model = torchfcn.models.FCN32s(n_class=21)

    # 3. optimizer

    optim = torch.optim.SGD(
        model.parameters(),
        lr=cfg['lr'],
        momentum=cfg['momentum'],
        weight_decay=cfg['weight_decay'])

    # train
    iteration = 0
    model.train()
    while iteration < cfg['max_iteration']:
        for batch_idx, (data, target) in enumerate(train_loader):
            optim.zero_grad()
            score = model(data)
            loss = cross_entropy2d(score, target, size_average=True)
            loss.backward()
            optim.step()
            iteration += 1
            print('iteration %d: loss %.4f' % (iteration, loss.item()))
            if iteration >= cfg['max_iteration']:
                break


if __name__ == '__main__':
    main()
