import argparse

import torch
import torch.nn.functional as F

from config import FinetuneConfig
from vision.builder import setup
from vision.data import texture_loaders


def run_epoch(model, loader, optimizer=None):
    training = optimizer is not None
    model.train(training)
    total, correct, seen = 0.0, 0, 0
    with torch.set_grad_enabled(training):
        for images, targets in loader:
            logits = model(images)
            loss = F.cross_entropy(logits, targets)
            if training:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            total += loss.item() * targets.size(0)
            correct += (logits.argmax(1) == targets).sum().item()
            seen += targets.size(0)
    return total / seen, correct / seen


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int)
    parser.add_argument("--lr", type=float)
    cli = parser.parse_args()
    cfg = FinetuneConfig()
    if cli.epochs is not None:
        cfg.epochs = cli.epochs
    if cli.lr is not None:
        cfg.lr = cli.lr

    torch.manual_seed(cfg.seed)
    train_loader, val_loader = texture_loaders(cfg)
    model, optimizer, scheduler = setup(cfg)

    for epoch in range(cfg.epochs):
        tr_loss, tr_acc = run_epoch(model, train_loader, optimizer)
        va_loss, va_acc = run_epoch(model, val_loader)
        scheduler.step()
        print(f"epoch {epoch + 1:2d}  loss {tr_loss:.4f}  acc {tr_acc:.3f}  |  val_loss {va_loss:.4f}  val_acc {va_acc:.3f}")


if __name__ == "__main__":
    main()
