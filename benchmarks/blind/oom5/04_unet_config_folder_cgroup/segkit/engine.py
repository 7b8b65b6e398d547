import torch
import torch.nn.functional as F


def dice_score(logits, masks, eps=1e-6):
    pred = (logits > 0).float()
    inter = (pred * masks).sum()
    return (2 * inter + eps) / (pred.sum() + masks.sum() + eps)


def train_epoch(model, loader, optimizer):
    model.train()
    losses, dices = [], []
    for images, masks in loader:
        logits = model(images)
        loss = F.binary_cross_entropy_with_logits(logits, masks)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
        dices.append(dice_score(logits.detach(), masks).item())
    return sum(losses) / len(losses), sum(dices) / len(dices)
