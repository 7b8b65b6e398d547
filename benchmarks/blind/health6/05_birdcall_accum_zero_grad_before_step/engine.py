import torch
import torch.nn as nn


def train_one_epoch(model, loader, optimizer, criterion, accum_steps=1, max_norm=None):
    model.train()
    running, n = 0.0, 0
    for step, (spec, target) in enumerate(loader):
        logits = model(spec)
        loss = criterion(logits, target)
        (loss / accum_steps).backward()
        if (step + 1) % accum_steps == 0:
            if max_norm:
                nn.utils.clip_grad_norm_(model.parameters(), max_norm)
            optimizer.zero_grad()
            optimizer.step()
        running += loss.item() * spec.size(0)
        n += spec.size(0)
    return running / n


@torch.no_grad()
def valid_one_epoch(model, loader, criterion):
    model.eval()
    running, n, hits = 0.0, 0, 0
    for spec, target in loader:
        logits = model(spec)
        running += criterion(logits, target).item() * spec.size(0)
        hits += ((logits.sigmoid() > 0.5) == (target > 0.5)).all(1).sum().item()
        n += spec.size(0)
    return running / n, hits / n
