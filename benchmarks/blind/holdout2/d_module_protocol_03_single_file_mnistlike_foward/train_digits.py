"""Single-file baseline: a small CNN on synthetic 16x16 'digit' bitmaps."""
import argparse
import time

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class BitmapDigits(Dataset):
    def __init__(self, n, seed):
        g = torch.Generator().manual_seed(seed)
        templates = (torch.rand(10, 1, 16, 16, generator=torch.Generator().manual_seed(42)) > 0.6).float()
        self.y = torch.randint(0, 10, (n,), generator=g)
        shift = torch.randint(-1, 2, (n, 2), generator=g)
        imgs = torch.stack([torch.roll(templates[c], tuple(s.tolist()), dims=(1, 2)) for c, s in zip(self.y, shift)])
        self.x = imgs + 0.3 * torch.randn(imgs.shape, generator=g)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class DigitNet(nn.Module):
    def __init__(self, n_classes=10):
        super(DigitNet, self).__init__()
        self.conv1 = nn.Conv2d(1, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1)
        self.drop = nn.Dropout(0.25)
        self.fc1 = nn.Linear(32 * 4 * 4, 64)
        self.fc2 = nn.Linear(64, n_classes)

    def foward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = self.drop(torch.flatten(x, 1))
        return self.fc2(F.relu(self.fc1(x)))


def train(model, loader, optimizer, epoch, log_interval):
    model.train()
    for batch_idx, (data, target) in enumerate(loader):
        optimizer.zero_grad()
        output = model(data)
        loss = F.cross_entropy(output, target)
        loss.backward()
        optimizer.step()
        if batch_idx % log_interval == 0:
            print(f"Train Epoch: {epoch} [{batch_idx * len(data)}/{len(loader.dataset)}]\tLoss: {loss.item():.6f}")


def test(model, loader):
    model.eval()
    test_loss, correct = 0.0, 0
    with torch.no_grad():
        for data, target in loader:
            output = model(data)
            test_loss += F.cross_entropy(output, target, reduction="sum").item()
            correct += (output.argmax(1) == target).sum().item()
    n = len(loader.dataset)
    print(f"Test set: Average loss: {test_loss / n:.4f}, Accuracy: {correct}/{n} ({100.0 * correct / n:.0f}%)")


def main():
    parser = argparse.ArgumentParser(description="digits baseline")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--lr", type=float, default=1.0)
    parser.add_argument("--gamma", type=float, default=0.7)
    parser.add_argument("--log-interval", type=int, default=3)
    parser.add_argument("--save-model", action="store_true")
    args = parser.parse_args()
    torch.manual_seed(1)

    train_loader = DataLoader(BitmapDigits(448, seed=0), batch_size=args.batch_size, shuffle=True)
    test_loader = DataLoader(BitmapDigits(128, seed=1), batch_size=256)
    model = DigitNet()
    optimizer = torch.optim.Adadelta(model.parameters(), lr=args.lr)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=args.gamma)
    for epoch in range(1, args.epochs + 1):
        t0 = time.time()
        train(model, train_loader, optimizer, epoch, args.log_interval)
        test(model, test_loader)
        scheduler.step()
        print(f"epoch took {time.time() - t0:.1f}s")
    if args.save_model:
        torch.save(model.state_dict(), "digits_cnn.pt")


if __name__ == "__main__":
    main()
