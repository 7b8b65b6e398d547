import torch


def train_one_epoch(model, loader, optimizer, criterion):
    model.train()
    running = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        running += loss.item()
    return running / len(loader)


def validate(model, loader, criterion):
    model.eval()
    total, correct, n = 0.0, 0, 0
    with torch.no_grad():
        for x, y in loader:
            logits = model(x)
            total += criterion(logits, y).item() * y.size(0)
            correct += ((logits > 0).float() == y).sum().item()
            n += y.size(0)
    return total / n, correct / n
