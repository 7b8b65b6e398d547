import torch
import torch.nn.functional as F


def train_one_epoch(model, loader, opt, ema=None):
    model.train()
    for pts, y in loader:
        loss = F.cross_entropy(model(pts), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if ema is not None:
            ema.update(model)
    return loss.item()


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    hit = n = 0
    for pts, y in loader:
        hit += (model(pts).argmax(1) == y).sum().item()
        n += len(y)
    return hit / n
