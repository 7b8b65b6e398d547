import argparse
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from models import SmallResNet


def parse_args():
    parser = argparse.ArgumentParser(description='Train a classifier')
    parser.add_argument('--work-dir', default='work_dirs', help='the dir to save logs and models')
    parser.add_argument('--resume-from', help='the checkpoint file to resume from')
    parser.add_argument('--epochs', type=int, default=6)
    parser.add_argument('--batch-size', type=int, default=16)
    parser.add_argument('--lr', type=float, default=0.05)
    return parser.parse_args()


def build_dataset(n=256, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, 10, (n,), generator=g)
    x = torch.randn(n, 3, 16, 16, generator=g) * 0.5
    for i in range(n):
        c, r = int(y[i]) % 3, (int(y[i]) // 3) * 4
        x[i, c, r:r + 4, :] += 1.5
    return TensorDataset(x, y)


def save_checkpoint(model, optimizer, epoch, path):
    torch.save({'meta': {'epoch': epoch}, 'state_dict': model.state_dict(),
                'optimizer': optimizer.state_dict()}, path)


def load_checkpoint(model, optimizer, path):
    checkpoint = torch.load(path, map_location='cpu')
    model.load_state_dict(checkpoint['state_dict'])
    optimizer.load_state_dict(checkpoint['optimizer'])
    return checkpoint['meta']['epoch']


def main():
    args = parse_args()
    torch.manual_seed(0)
    os.makedirs(args.work_dir, exist_ok=True)
    loader = DataLoader(build_dataset(), batch_size=args.batch_size, shuffle=True)
    model = SmallResNet()
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=1e-4)
    criterion = nn.CrossEntropyLoss()

    start_epoch = 0
    if args.resume_from:
        start_epoch = load_checkpoint(model, optimizer, args.resume_from)
        print(f'resumed from {args.resume_from}, epoch {start_epoch}')

    for epoch in range(start_epoch, args.epochs):
        model.train()
        total, correct, loss_sum = 0, 0, 0.0
        for x, y in loader:
            optimizer.zero_grad()
            out = model(x)
            loss = criterion(out, y)
            loss.backward()
            optimizer.step()
            loss_sum += loss.item() * y.size(0)
            correct += (out.argmax(1) == y).sum().item()
            total += y.size(0)
        print(f'Epoch [{epoch + 1}/{args.epochs}] loss: {loss_sum / total:.4f} acc: {correct / total:.3f}')
        save_checkpoint(model, optimizer, epoch + 1, os.path.join(args.work_dir, f'epoch_{epoch + 1}.pth'))


if __name__ == '__main__':
    main()
