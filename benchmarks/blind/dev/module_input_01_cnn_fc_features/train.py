import argparse
import time

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from config import TrainConfig
from data import SyntheticShapes
from model import SmallCNN


def evaluate(model, loader):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for x, y in loader:
            pred = model(x).argmax(dim=1)
            correct += (pred == y).sum().item()
            total += y.numel()
    return correct / max(total, 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=None)
    parser.add_argument("--lr", type=float, default=None)
    args = parser.parse_args()

    cfg = TrainConfig()
    if args.epochs is not None:
        cfg.epochs = args.epochs
    if args.lr is not None:
        cfg.lr = args.lr
    torch.manual_seed(cfg.seed)

    train_ds = SyntheticShapes(cfg.num_train, cfg.image_size, cfg.num_classes, seed=1)
    val_ds = SyntheticShapes(cfg.num_val, cfg.image_size, cfg.num_classes, seed=2)
    train_loader = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=cfg.batch_size)

    model = SmallCNN(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    print(f"params: {sum(p.numel() for p in model.parameters()):,}")

    for epoch in range(cfg.epochs):
        model.train()
        t0, running = time.time(), 0.0
        for step, (x, y) in enumerate(train_loader):
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
            if step % 4 == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.4f}")
        acc = evaluate(model, val_loader)
        print(f"epoch {epoch} done in {time.time() - t0:.1f}s  train_loss {running / len(train_loader):.4f}  val_acc {acc:.3f}")

    torch.save(model.state_dict(), cfg.ckpt_path)
    print("saved", cfg.ckpt_path)


if __name__ == "__main__":
    main()
