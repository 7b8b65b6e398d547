import os

import torch
from torch import nn


def wrap_parallel(model):
    """Use all visible GPUs when there are several (no-op wrapper otherwise)."""
    if torch.cuda.device_count() > 1:
        print(f"DataParallel over {torch.cuda.device_count()} GPUs")
    return nn.DataParallel(model)


def train_epoch(model, loader, optimizer, device):
    model.train()
    crit = nn.CrossEntropyLoss(label_smoothing=0.05)
    seen, loss_sum = 0, 0.0
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        optimizer.zero_grad()
        loss = crit(model(images), labels)
        loss.backward()
        optimizer.step()
        seen += labels.numel()
        loss_sum += loss.item() * labels.numel()
    return loss_sum / seen


@torch.no_grad()
def accuracy(model, loader, device):
    model.eval()
    hit = n = 0
    for images, labels in loader:
        out = model(images.to(device))
        hit += (out.argmax(1).cpu() == labels).sum().item()
        n += labels.numel()
    return hit / n


def save_weights(model, path):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    if isinstance(model, nn.DataParallel):
        model = model.module
    torch.save(model.state_dict(), path)
