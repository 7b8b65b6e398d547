import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from .checkpoint import save_checkpoint
from .data import make_glyph_dataset
from .model import LeNet5


def train(cfg):
    torch.manual_seed(cfg.data.seed)
    ds = make_glyph_dataset(cfg.data.num_train, cfg.data.num_classes, cfg.data.image_size, cfg.data.seed)
    loader = DataLoader(ds, batch_size=cfg.train.batch_size, shuffle=True)

    model = LeNet5(cfg.data.num_classes)
    if cfg.train.data_parallel:
        model = nn.DataParallel(model)
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.train.lr, momentum=cfg.train.momentum)
    criterion = nn.CrossEntropyLoss()

    path = os.path.join(cfg.train.ckpt_dir, cfg.train.ckpt_name)
    for epoch in range(cfg.train.epochs):
        model.train()
        seen = correct = 0
        for x, y in loader:
            optimizer.zero_grad()
            logits = model(x)
            loss = criterion(logits, y)
            loss.backward()
            optimizer.step()
            seen += len(y)
            correct += (logits.argmax(1) == y).sum().item()
        print(f"[train] epoch {epoch + 1}/{cfg.train.epochs} loss {loss.item():.4f} acc {correct / seen:.3f}")
        save_checkpoint(model, optimizer, epoch, path, num_classes=cfg.data.num_classes)
    return path
