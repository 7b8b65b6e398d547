import argparse

import torch

from network.data import make_loaders, NUM_CLASSES
from network.net import Network
from network.trainer import SGDTrainer


def main():
    parser = argparse.ArgumentParser(description='quadratic-cost sigmoid network')
    parser.add_argument('--epochs', type=int, default=10)
    parser.add_argument('--mini-batch-size', type=int, default=32)
    parser.add_argument('--eta', type=float, default=3.0)
    args = parser.parse_args()

    torch.manual_seed(0)
    train_loader, test_loader = make_loaders(args.mini_batch_size)
    net = Network([64, 30, NUM_CLASSES])
    trainer = SGDTrainer(net, args.eta)
    for j in range(args.epochs):
        cost = trainer.train_epoch(train_loader)
        print('Epoch {}: cost {:.4f}, {} / {}'.format(j, cost, trainer.evaluate(test_loader),
                                                    len(test_loader.dataset)))


if __name__ == '__main__':
    main()
