import argparse

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

from models.net import AttnNet


class PatchColourDataset(Dataset):
    """Label = colour channel of the bright patch (patch position is random)."""

    def __init__(self, n, size=24, seed=0):
        rng = np.random.RandomState(seed)
        self.x = rng.rand(n, 3, size, size).astype(np.float32) * 0.3
        self.y = rng.randint(0, 3, n)
        for i, c in enumerate(self.y):
            r, col = rng.randint(2, size - 8, 2)
            self.x[i, c, r:r + 6, col:col + 6] += 0.7

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return torch.from_numpy(self.x[i]), int(self.y[i])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--batchsize', default=16, type=int)
    parser.add_argument('--lr', default=0.05, type=float)
    parser.add_argument('--num_epochs', default=3, type=int)
    opt = parser.parse_args()

    torch.manual_seed(1)
    train_loader = DataLoader(PatchColourDataset(160, seed=0), batch_size=opt.batchsize, shuffle=True)
    model = AttnNet(num_classes=3)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=opt.lr, momentum=0.9)

    for epoch in range(opt.num_epochs):
        model.train()
        running_loss, running_corrects, n = 0.0, 0, 0
        for inputs, labels in train_loader:
            optimizer.zero_grad()
            outputs = model(inputs)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            running_loss += loss.item() * inputs.size(0)
            running_corrects += (outputs.argmax(1) == labels).sum().item()
            n += inputs.size(0)
        print('Epoch {}/{} Loss: {:.4f} Acc: {:.4f}'.format(epoch, opt.num_epochs - 1, running_loss / n,
                                                           running_corrects / n))


if __name__ == '__main__':
    main()
