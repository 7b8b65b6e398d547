#!/usr/bin/env python
import argparse
import os
import sys
import time

import torch

sys.path.append(os.path.join(os.path.dirname(__file__), '..'))
from dataloader import dataloader  # noqa: E402
from models import magface  # noqa: E402

parser = argparse.ArgumentParser(description='Trainer for MagFace')
parser.add_argument('--arch', default='iresnet18_tiny', type=str)
parser.add_argument('--train_list', default='data/faces_train.npz', type=str)
parser.add_argument('--workers', default=0, type=int)
parser.add_argument('--epochs', default=1, type=int)
parser.add_argument('--batch-size', default=16, type=int)
parser.add_argument('--embedding-size', default=64, type=int)
parser.add_argument('--last-fc-size', default=10, type=int, help='number of identities')
parser.add_argument('--arc-scale', default=64, type=int)
parser.add_argument('--lr', default=0.1, type=float)
parser.add_argument('--l_margin', default=0.45, type=float)
parser.add_argument('--u_margin', default=0.8, type=float)
parser.add_argument('--l_a', default=10, type=float)
parser.add_argument('--u_a', default=110, type=float)
parser.add_argument('--lambda_g', default=35.0, type=float)
parser.add_argument('--print-freq', default=2, type=int)
args = parser.parse_args()


def main(args):
    torch.manual_seed(0)
    model = magface.SoftmaxBuilder(args)
    criterion = magface.MagLoss(args.l_a, args.u_a, args.l_margin, args.u_margin)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=5e-4)
    train_loader = dataloader.train_loader(args)
    for epoch in range(args.epochs):
        train(train_loader, model, criterion, optimizer, epoch, args)


def train(train_loader, model, criterion, optimizer, epoch, args):
    model.train()
    end = time.time()
    for i, (input, target) in enumerate(train_loader):
        output, x_norm = model(input, target)
        loss_id, loss_g, one_hot = criterion(output, target, x_norm)
        loss = loss_id + args.lambda_g * loss_g
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if i % args.print_freq == 0:
            print(f'Epoch: [{epoch}][{i}/{len(train_loader)}]\tTime {time.time() - end:.3f}\t'
                  f'Loss {loss.item():.4f} (id {loss_id.item():.4f}, g {loss_g.item():.4f})\t'
                  f'|x| {x_norm.mean().item():.2f}')
        end = time.time()


if __name__ == '__main__':
    main(args)
