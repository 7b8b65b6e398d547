import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from dataset import KiTS19
from network import UNet


def train(epoch_num, batch_size, lr, roi_file, num_workers):
    torch.manual_seed(0)
    dataset = KiTS19(num_cases=4, slices_per_case=8, roi_file=roi_file)
    loader = DataLoader(dataset, batch_size=batch_size, shuffle=True, num_workers=num_workers)

    net = UNet(in_ch=1, out_ch=3)
    optimizer = torch.optim.Adam(net.parameters(), lr=lr)
    criterion = nn.CrossEntropyLoss()

    for epoch in range(epoch_num):
        net.train()
        epoch_loss = 0.0
        for batch in loader:
            imgs, labels = batch['image'], batch['label']
            outputs = net(imgs)
            loss = criterion(outputs, labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            epoch_loss += loss.item()
        print(f'epoch {epoch}: loss {epoch_loss / len(loader):.4f}')


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('-e', '--epoch_num', type=int, default=2)
    parser.add_argument('-b', '--batch_size', type=int, default=8)
    parser.add_argument('-l', '--lr', type=float, default=1e-3)
    parser.add_argument('-r', '--roi_file', default=None)
    parser.add_argument('--num_workers', type=int, default=0)
    args = parser.parse_args()
    train(args.epoch_num, args.batch_size, args.lr, args.roi_file, args.num_workers)
