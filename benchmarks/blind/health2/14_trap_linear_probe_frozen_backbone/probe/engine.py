import torch
import torch.nn.functional as F


def probe_epoch(model, loader, optimizer):
    model.train()
    total, n = 0.0, 0
    for x, y in loader:
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item() * y.size(0)
        n += y.size(0)
    return total / n


@torch.no_grad()
def probe_eval(model, loader):
    model.eval()
    correct = total = 0
    for x, y in loader:
        correct += (model(x).argmax(1) == y).sum().item()
        total += y.size(0)
    return correct / total
