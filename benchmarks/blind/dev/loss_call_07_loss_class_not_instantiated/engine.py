"""Training utilities shared by the regression experiments."""
import torch
from torch import nn

LOSSES = {
    "mse": nn.MSELoss,
    "l1": nn.L1Loss,
    "huber": nn.SmoothL1Loss,
}


def build_criterion(name):
    if name not in LOSSES:
        raise ValueError(f"unknown loss {name!r}, choose from {sorted(LOSSES)}")
    return LOSSES[name]


def build_optimizer(model, name, lr):
    if name == "sgd":
        return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    return torch.optim.AdamW(model.parameters(), lr=lr)


def train_one_epoch(model, loader, criterion, optimizer):
    model.train()
    total, n = 0.0, 0
    for features, target in loader:
        pred = model(features).squeeze(-1)
        loss = criterion(pred, target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item() * len(target)
        n += len(target)
    return total / n


@torch.no_grad()
def mean_abs_error(model, loader):
    model.eval()
    err, n = 0.0, 0
    for features, target in loader:
        err += (model(features).squeeze(-1) - target).abs().sum().item()
        n += len(target)
    return err / n
