import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, random_split

from dataset import FeatureDataset


def main(args):
    torch.manual_seed(args.seed)
    ds = FeatureDataset(args.data_root)
    n_val = len(ds) // 5
    train_ds, val_ds = random_split(ds, [len(ds) - n_val, n_val], generator=torch.Generator().manual_seed(args.seed))
    train_loader = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=args.batch_size)

    in_dim = ds.features.shape[1]
    n_classes = int(ds.labels.max()) + 1
    model = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU(), nn.Linear(32, n_classes))
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    crit = nn.CrossEntropyLoss()

    for epoch in range(args.epochs):
        model.train()
        for x, y in train_loader:
            opt.zero_grad()
            loss = crit(model(x), y)
            loss.backward()
            opt.step()
        model.eval()
        correct = 0
        with torch.no_grad():
            for x, y in val_loader:
                correct += (model(x).argmax(1) == y).sum().item()
        print(f'epoch {epoch} loss {loss.item():.4f} val_acc {correct / n_val:.3f}')


if __name__ == '__main__':
    p = argparse.ArgumentParser()
    p.add_argument('--data_root', default='data')
    p.add_argument('--batch_size', type=int, default=32)
    p.add_argument('--epochs', type=int, default=5)
    p.add_argument('--lr', type=float, default=0.05)
    p.add_argument('--seed', type=int, default=0)
    main(p.parse_args())
