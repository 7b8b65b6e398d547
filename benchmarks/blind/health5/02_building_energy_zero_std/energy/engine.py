import torch
import torch.nn.functional as F


def train_one_epoch(model, loader, optimizer):
    model.train()
    total, n = 0.0, 0
    for xb, yb in loader:
        pred = model(xb).squeeze(-1)
        loss = F.mse_loss(pred, yb)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item() * len(xb)
        n += len(xb)
    return total / n


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    total, n = 0.0, 0
    for xb, yb in loader:
        total += F.mse_loss(model(xb).squeeze(-1), yb, reduction="sum").item()
        n += len(xb)
    return total / n
