import argparse

import torch
from torch.utils.data import DataLoader

from networks.ER_Net import ER_Net
from utils.dataset import VesselPatches
from utils.losses import DiceLoss

parser = argparse.ArgumentParser()
parser.add_argument('--epochs', type=int, default=3)
parser.add_argument('--batch_size', type=int, default=4)
parser.add_argument('--lr', type=float, default=1e-2)
args = parser.parse_args()

torch.manual_seed(2023)


def train():
    net = ER_Net(classes=2, channels=1)
    train_loader = DataLoader(VesselPatches(), batch_size=args.batch_size, shuffle=True)
    optimizer = torch.optim.Adam(net.parameters(), lr=args.lr)
    critrion = DiceLoss()
    for epoch in range(args.epochs):
        net.train()
        epoch_loss = 0
        for idx, (image, label) in enumerate(train_loader):
            optimizer.zero_grad()
            pred = net(image)
            loss = critrion(pred, label)
            loss.backward()
            optimizer.step()
            epoch_loss += loss.item()
        print('Epoch %d, loss %.4f' % (epoch + 1, epoch_loss / (idx + 1)))


if __name__ == '__main__':
    train()
