import torch
import torch.nn.functional as F


def run_epoch(model, loader, optimizer):
    model.train()
    n, loss_sum, correct = 0, 0.0, 0
    for x, y in loader:
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        n += len(y)
        loss_sum += loss.item() * len(y)
        correct += (logits.argmax(1) == y).sum().item()
    return loss_sum / n, correct / n
