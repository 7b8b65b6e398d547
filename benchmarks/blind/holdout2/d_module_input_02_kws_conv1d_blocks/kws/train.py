import argparse
import time
from dataclasses import asdict

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from .config import TrainConfig
from .dataset import SyntheticKeywords
from .model import KeywordCNN


def run_epoch(model, loader, optimizer=None):
    training = optimizer is not None
    model.train(training)
    total_loss, correct, seen = 0.0, 0, 0
    with torch.set_grad_enabled(training):
        for wave, label in loader:
            logits = model(wave)
            loss = F.cross_entropy(logits, label)
            if training:
                optimizer.zero_grad(set_to_none=True)
                loss.backward()
                optimizer.step()
            total_loss += loss.item() * len(label)
            correct += (logits.argmax(-1) == label).sum().item()
            seen += len(label)
    return total_loss / seen, correct / seen


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int)
    parser.add_argument("--lr", type=float)
    args = parser.parse_args()
    cfg = TrainConfig()
    if args.epochs:
        cfg.epochs = args.epochs
    if args.lr:
        cfg.lr = args.lr
    torch.manual_seed(0)

    a = cfg.audio
    train_ds = SyntheticKeywords(a.train_clips, a.num_keywords, a.sample_rate, a.clip_seconds, seed=1)
    val_ds = SyntheticKeywords(a.val_clips, a.num_keywords, a.sample_rate, a.clip_seconds, seed=2)
    train_dl = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=cfg.batch_size)

    model = KeywordCNN(num_classes=a.num_keywords, **asdict(cfg.model))
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    print(f"params: {sum(p.numel() for p in model.parameters())}")
    for epoch in range(1, cfg.epochs + 1):
        t0 = time.time()
        tr_loss, tr_acc = run_epoch(model, train_dl, optimizer)
        va_loss, va_acc = run_epoch(model, val_dl)
        print(f"[{epoch}/{cfg.epochs}] train {tr_loss:.3f}/{tr_acc:.2f}  val {va_loss:.3f}/{va_acc:.2f}  ({time.time() - t0:.1f}s)")
    torch.save({"model": model.state_dict(), "config": asdict(cfg)}, cfg.ckpt_path)


if __name__ == "__main__":
    main()
