#!/usr/bin/python
# -*- coding: utf-8 -*-

import argparse

import torch
from torch.utils.data import DataLoader

from DatasetLoader import train_dataset_loader
from SpeakerNet import ModelTrainer, SpeakerNet

parser = argparse.ArgumentParser(description="SpeakerNet")
parser.add_argument('--max_frames', type=int, default=40)
parser.add_argument('--batch_size', type=int, default=16)
parser.add_argument('--max_epoch', type=int, default=5)
parser.add_argument('--trainfunc', type=str, default='softmax')
parser.add_argument('--lr', type=float, default=0.001)
parser.add_argument('--nPerSpeaker', type=int, default=1)
parser.add_argument('--nClasses', type=int, default=10)
parser.add_argument('--model', type=str, default='ResNetSE34L')
parser.add_argument('--nOut', type=int, default=64)
parser.add_argument('--n_mels', type=int, default=20)
args = parser.parse_args()


def main_worker(args):
    torch.manual_seed(10)
    s = SpeakerNet(**vars(args))
    trainer = ModelTrainer(s, **vars(args))
    train_dataset = train_dataset_loader(nClasses=args.nClasses, n_mels=args.n_mels, max_frames=args.max_frames)
    train_loader = DataLoader(train_dataset, batch_size=args.batch_size, shuffle=True, drop_last=True)
    for it in range(1, args.max_epoch + 1):
        loss, traineer = trainer.train_network(train_loader, verbose=True)
        print("Epoch {:d}, TEER/TAcc {:2.2f}, TLOSS {:f}".format(it, traineer, loss))


if __name__ == '__main__':
    main_worker(args)
