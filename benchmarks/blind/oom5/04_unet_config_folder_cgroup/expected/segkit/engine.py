import torch
import torch.nn.functional as F


def dice_score(logits, masks, eps=1e-6):
    pred = (logits > 0).float()
    inter = (pred * masks).sum()
    return (2 * inter + eps) / (pred.sum() + masks.sum() + eps)


def train_epoch(model, loader, optimizer, accum_steps=1):
    model.train()
    losses, dices = [], []
    optimizer.zero_grad()
    for step, (images, masks) in enumerate(loader):
        logits = model(images)
        loss = F.binary_cross_entropy_with_logits(logits, masks)
        (loss / accum_steps).backward()
        if (step + 1) % accum_steps == 0 or step + 1 == len(loader):
            optimizer.step()
            optimizer.zero_grad()
        losses.append(loss.item())
        dices.append(dice_score(logits.detach(), masks).item())
    return sum(losses) / len(losses), sum(dices) / len(dices)
