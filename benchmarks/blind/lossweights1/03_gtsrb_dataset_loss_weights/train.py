import argparse

import torch

from zoo.datasets import GTSRB
from zoo.models import Model

if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--epochs', type=int, default=4)
    parser.add_argument('--batch_size', type=int, default=32)
    parser.add_argument('--lr', type=float, default=0.05)
    parser.add_argument('--seed', type=int, default=0)
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    dataset = GTSRB(batch_size=args.batch_size, loss_weights=True, seed=args.seed)
    model = Model(name='net', num_classes=dataset.num_classes, loss_weights=dataset.loss_weights)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    model._train(args.epochs, optimizer,
                 loader_train=dataset.get_dataloader('train'),
                 loader_valid=dataset.get_dataloader('valid'))
