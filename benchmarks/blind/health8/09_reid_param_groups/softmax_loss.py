from __future__ import print_function, absolute_import

import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader

from reid import models
from reid.datasets import SyntheticPersons
from reid.trainers import Trainer
from reid.utils.lr import adjust_lr


def main(args):
    torch.manual_seed(args.seed)
    train_set = SyntheticPersons(args.num_ids, args.per_id, seed=0)
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True, drop_last=True)

    model = models.create(args.arch, num_features=args.features, num_classes=args.num_ids,
                          dropout=args.dropout)

    base_param_ids = set(map(id, model.base.parameters())) \
        | set(map(id, model.feat.parameters())) \
        | set(map(id, model.feat_bn.parameters()))
    new_params = [p for p in model.parameters() if id(p) not in base_param_ids]
    param_groups = [
        {"params": model.base.parameters(), "lr_mult": 0.1},
        {"params": new_params, "lr_mult": 1.0}]
    optimizer = torch.optim.SGD(param_groups, lr=args.lr, momentum=args.momentum,
                                weight_decay=args.weight_decay, nesterov=True)

    criterion = nn.CrossEntropyLoss()
    trainer = Trainer(model, criterion)
    for epoch in range(args.epochs):
        adjust_lr(optimizer, epoch, args.lr)
        loss = trainer.train(epoch, train_loader, optimizer)
        print("Epoch: [{}]\tLoss {:.4f}".format(epoch, loss))
    torch.save(model.state_dict(), "checkpoint.pth.tar")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Softmax loss classification")
    parser.add_argument("-a", "--arch", type=str, default="resnet_tiny")
    parser.add_argument("--num-ids", type=int, default=16)
    parser.add_argument("--per-id", type=int, default=12)
    parser.add_argument("-b", "--batch-size", type=int, default=32)
    parser.add_argument("--features", type=int, default=64)
    parser.add_argument("--dropout", type=float, default=0.5)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--momentum", type=float, default=0.9)
    parser.add_argument("--weight-decay", type=float, default=5e-4)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    main(parser.parse_args())
