"""Small CNN on a synthetic 10-class 'textures' dataset, with best-model restore for the final test."""
import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

from metrics import accuracy, macro_f1
from utils import AverageMeter, load_checkpoint, save_checkpoint

N_CLASSES = 10


def make_split(n, seed):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, N_CLASSES, (n,), generator=g)
    xs = torch.linspace(0, 1, 24)
    freq = (y.float() + 1).view(-1, 1, 1, 1)
    base = torch.sin(6.28 * freq * xs.view(1, 1, 1, -1)) * torch.cos(3.14 * freq * xs.view(1, 1, -1, 1))
    x = base.expand(-1, 3, -1, -1) + 0.5 * torch.randn(n, 3, 24, 24, generator=g)
    return TensorDataset(x, y)


class SmallCNN(nn.Module):
    def __init__(self, n_classes):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        )
        self.classifier = nn.Sequential(nn.Flatten(), nn.Linear(32 * 6 * 6, 64), nn.ReLU(), nn.Linear(64, n_classes))

    def forward(self, x):
        return self.classifier(self.features(x))


@torch.no_grad()
def predict(model, loader):
    model.eval()
    outs, ys = [], []
    for x, y in loader:
        outs.append(model(x))
        ys.append(y)
    return outs, ys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--ckpt", default="runs/best.pth")
    args = ap.parse_args()
    torch.manual_seed(0)

    train_dl = DataLoader(make_split(400, 0), batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(make_split(100, 1), batch_size=100)
    test_dl = DataLoader(make_split(100, 2), batch_size=100)

    model = SmallCNN(N_CLASSES)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    criterion = nn.CrossEntropyLoss()
    best_acc = -1.0

    for epoch in range(args.epochs):
        model.train()
        meter = AverageMeter()
        for x, y in train_dl:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            meter.update(loss.item(), len(y))
        acc = accuracy(*predict(model, val_dl))
        print(f"epoch {epoch}: loss {meter.avg:.4f} val_acc {acc:.3f}")
        if acc > best_acc:
            best_acc = acc
            save_checkpoint(args.ckpt, model, optimizer, epoch, best_acc)

    best_epoch, best_acc = load_checkpoint(args.ckpt, model)
    logits, labels = predict(model, test_dl)
    print(f"restored epoch {best_epoch} (val {best_acc:.3f}); test acc {accuracy(logits, labels):.3f} "
          f"macro-F1 {macro_f1(logits, labels, N_CLASSES):.3f}")


if __name__ == "__main__":
    main()
