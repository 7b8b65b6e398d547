#  Torch imports
import argparse
import os

import numpy as np
import torch
import yaml

from data.dataset import CompositionDataset
from model.CANet import CANet

parser = argparse.ArgumentParser()
parser.add_argument('--config', default='flags/mit.yml', help='path of the config file (training only)')
parser.add_argument('--data_root', default='data')
parser.add_argument('--seed', type=int, default=0)


def load_args(filename, args):
    with open(filename, 'r') as stream:
        data_loaded = yaml.safe_load(stream)
    for key, group in data_loaded.items():
        for key, val in group.items():
            setattr(args, key, val)


def train(epoch, model, trainloader, optimizer):
    model.train()
    train_loss = 0.0
    for idx, data in enumerate(trainloader):
        loss, _ = model(data)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        train_loss += loss.item()
    train_loss = train_loss / len(trainloader)
    print('Epoch: {}| Loss: {}'.format(epoch, round(train_loss, 2)))


def test(epoch, model, testloader):
    model.eval()
    correct, total = 0, 0
    with torch.no_grad():
        for idx, data in enumerate(testloader):
            _, pair_logits = model(data)
            correct += (pair_logits.argmax(-1) == data[3]).sum().item()
            total += data[3].size(0)
    print('Epoch: {}| seen pair acc: {:.3f}'.format(epoch, correct / total))


def main():
    args = parser.parse_args()
    load_args(args.config, args)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)

    trainset = CompositionDataset(root=os.path.join(args.data_root, args.data_dir), phase='train',
                                  split=args.splitname)
    trainloader = torch.utils.data.DataLoader(trainset, batch_size=args.batch_size, shuffle=True,
                                              num_workers=args.workers)
    testloader = torch.utils.data.DataLoader(trainset, batch_size=args.batch_size, shuffle=False,
                                             num_workers=args.workers)

    model = CANet(trainset, args)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr, weight_decay=args.wd)

    for epoch in range(args.max_epochs):
        train(epoch, model, trainloader, optimizer)
        test(epoch, model, testloader)


if __name__ == '__main__':
    main()
