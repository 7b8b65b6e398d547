import torch


def sequence_loss(criterion, logits, labels):
    return criterion(logits, labels)


def train_one_epoch(model, loader, criterion, optimizer, clip=1.0):
    model.train()
    total, n = 0.0, 0
    for x, y in loader:
        optimizer.zero_grad()
        logits = model(x)
        loss = sequence_loss(criterion, logits, y)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
        optimizer.step()
        total += loss.item() * x.size(0)
        n += x.size(0)
    return total / n


@torch.no_grad()
def evaluate(model, loader, criterion):
    model.eval()
    total, n, correct, count = 0.0, 0, 0, 0
    for x, y in loader:
        logits = model(x)
        total += sequence_loss(criterion, logits, y).item() * x.size(0)
        n += x.size(0)
        correct += (logits.argmax(-1) == y).sum().item()
        count += y.numel()
    return total / n, correct / count
