"""Train a tiny ResNet on random 'CIFAR-like' images, keep the best checkpoint, then test it."""
import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from net import TinyResNet
from utils import AverageMeter, load_weights, save_checkpoint

BEST_PATH = "checkpoints/best.pth"


def fake_cifar(n, num_classes=10, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, num_classes, (n,), generator=g)
    prototypes = torch.randn(num_classes, 3, 1, 1, generator=torch.Generator().manual_seed(99))
    x = prototypes[y] + 0.8 * torch.randn(n, 3, 24, 24, generator=g)
    return TensorDataset(x, y)


def evaluate(model, loader):
    model.eval()
    acc = AverageMeter()
    with torch.no_grad():
        for x, y in loader:
            acc.update((model(x).argmax(1) == y).float().mean().item(), len(y))
    return acc.avg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--no-data-parallel", action="store_true")
    args = ap.parse_args()
    torch.manual_seed(0)

    train_dl = DataLoader(fake_cifar(384, seed=0), batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(fake_cifar(128, seed=1), batch_size=args.batch_size)
    test_dl = DataLoader(fake_cifar(128, seed=2), batch_size=args.batch_size)

    model = TinyResNet()
    if not args.no_data_parallel:
        model = nn.DataParallel(model)   # uses every visible GPU; plain passthrough otherwise
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model.to(device)
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, nesterov=True)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs)
    criterion = nn.CrossEntropyLoss(label_smoothing=0.1)

    best = -1.0
    for epoch in range(args.epochs):
        model.train()
        meter = AverageMeter()
        for x, y in train_dl:
            x, y = x.to(device), y.to(device)
            loss = criterion(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            meter.update(loss.item(), len(y))
        sched.step()
        val_acc = evaluate(model, val_dl)
        print(f"epoch {epoch}: loss {meter.avg:.4f} val_acc {val_acc:.3f}")
        if val_acc > best:
            best = val_acc
            save_checkpoint(model, opt, epoch, val_acc, BEST_PATH)

    final = TinyResNet()
    epoch, metric = load_weights(final, BEST_PATH)
    print(f"best checkpoint from epoch {epoch} (val {metric:.3f}); test acc {evaluate(final, test_dl):.3f}")


if __name__ == "__main__":
    main()
