import torch
import torch.nn.functional as F


def train_one_epoch(model, loader, optimizer):
    model.train()
    total, count = 0.0, 0
    for x, y in loader:
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item() * len(y)
        count += len(y)
    return total / count


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct, count = 0, 0
    for x, y in loader:
        correct += (model(x).argmax(-1) == y).sum().item()
        count += len(y)
    return correct / count
