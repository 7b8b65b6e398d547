import argparse
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader

from unet_models import U_Net


class ISICDataset(Dataset):
    def __init__(self, n, width, height):
        g = torch.Generator().manual_seed(0)
        self.images = [torch.rand(3, height, width, generator=g) for _ in range(n)]
        self.masks = [(img.mean(0, keepdim=True) > 0.5).float() for img in self.images]

    def __len__(self):
        return len(self.images)

    def __getitem__(self, idx):
        return self.images[idx], self.masks[idx]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--epochs', type=int, default=1)
    parser.add_argument('--batch_size', type=int, default=1)
    parser.add_argument('--lr', type=float, default=1e-3)
    parser.add_argument('--width', type=int, default=192)
    parser.add_argument('--height', type=int, default=128)
    args = parser.parse_args()

    torch.manual_seed(0)
    train_loader = DataLoader(ISICDataset(2, args.width, args.height), batch_size=args.batch_size, shuffle=True)
    model = U_Net(img_ch=3, output_ch=1)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    criterion = nn.BCEWithLogitsLoss()

    for epoch in range(args.epochs):
        model.train()
        for i, (images, labels) in enumerate(train_loader):
            outputs = model(images)
            loss = criterion(outputs, labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            print('epoch {} iter {} loss {:.4f}'.format(epoch, i, loss.item()))


if __name__ == '__main__':
    main()
