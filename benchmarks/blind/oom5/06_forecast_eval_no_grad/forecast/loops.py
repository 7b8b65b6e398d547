import torch
import torch.nn.functional as F


def train_epoch(model, loader, optimizer):
    model.train()
    total = 0.0
    for x, y in loader:
        loss = F.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item() * x.size(0)
    return total / len(loader.dataset)


def evaluate(model, loader):
    model.eval()
    preds, targets = [], []
    for x, y in loader:
        preds.append(model(x))
        targets.append(y)
    preds, targets = torch.cat(preds), torch.cat(targets)
    mse = F.mse_loss(preds, targets).item()
    mae = (preds - targets).abs().mean().item()
    return mse, mae
