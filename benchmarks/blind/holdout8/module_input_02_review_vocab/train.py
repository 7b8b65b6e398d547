from __future__ import annotations

import argparse
import logging
import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from textclf.config import TrainConfig
from textclf.data import ReviewDataset, synthetic_reviews
from textclf.models import build_model
from textclf.vocab import build_vocab

log = logging.getLogger("train")


def run_epoch(model, loader, criterion, optimizer=None) -> tuple[float, float]:
    training = optimizer is not None
    model.train(training)
    total, correct, loss_sum = 0, 0, 0.0
    with torch.set_grad_enabled(training):
        for ids, labels in loader:
            logits = model(ids)
            loss = criterion(logits, labels)
            if training:
                optimizer.zero_grad(set_to_none=True)
                loss.backward()
                nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                optimizer.step()
            loss_sum += loss.item() * labels.size(0)
            correct += (logits.argmax(-1) == labels).sum().item()
            total += labels.size(0)
    return loss_sum / total, correct / total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="bigru")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    cfg = TrainConfig()
    torch.manual_seed(cfg.data.seed)
    rng = random.Random(cfg.data.seed)
    train_samples = synthetic_reviews(cfg.data.num_train, cfg.data, rng)
    val_samples = synthetic_reviews(cfg.data.num_val, cfg.data, rng)

    vocab = build_vocab((t for t, _ in train_samples), max_size=cfg.data.max_vocab)
    log.info("vocab size: %d", len(vocab))

    train_dl = DataLoader(ReviewDataset(train_samples, vocab, cfg.data.seq_len),
                          batch_size=cfg.batch_size, shuffle=True)
    val_dl = DataLoader(ReviewDataset(val_samples, vocab, cfg.data.seq_len),
                        batch_size=cfg.batch_size)

    model = build_model(args.model, cfg.model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    criterion = nn.CrossEntropyLoss()

    for epoch in range(1, cfg.epochs + 1):
        tr_loss, tr_acc = run_epoch(model, train_dl, criterion, optimizer)
        va_loss, va_acc = run_epoch(model, val_dl, criterion)
        log.info("epoch %d train_loss=%.4f train_acc=%.3f val_loss=%.4f val_acc=%.3f",
                 epoch, tr_loss, tr_acc, va_loss, va_acc)


if __name__ == "__main__":
    main()
