import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from anomaly.data import FolderDataset
from anomaly.model import SmallCNN


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--root', default='datasets/MVTec_small')
    parser.add_argument('--categories', nargs='+', default=['bottle', 'screw'])
    parser.add_argument('--batch_size', type=int, default=8)
    parser.add_argument('--epochs', type=int, default=3)
    args = parser.parse_args()

    torch.manual_seed(0)
    dataset = FolderDataset(args.root, args.categories)
    loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True)
    model = SmallCNN()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    criterion = nn.CrossEntropyLoss()
    for epoch in range(args.epochs):
        total = 0.0
        for batch in loader:
            optimizer.zero_grad()
            loss = criterion(model(batch['image']), batch['label'])
            loss.backward()
            optimizer.step()
            total += loss.item() * batch['label'].size(0)
        print(f'epoch {epoch}: loss {total / len(dataset):.4f}')


if __name__ == '__main__':
    main()
