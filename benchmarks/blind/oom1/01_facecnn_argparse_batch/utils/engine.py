import torch
import torch.nn.functional as F


def train_one_epoch(model, loader, optimizer, epoch, log_every=4):
    model.train()
    running = 0.0
    for step, (images, labels) in enumerate(loader):
        optimizer.zero_grad()
        logits = model(images)
        loss = F.cross_entropy(logits, labels)
        loss.backward()
        optimizer.step()
        running += loss.item()
        if step % log_every == 0:
            print(f"  [epoch {epoch} step {step}] loss {loss.item():.4f}")
    return running / len(loader)


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct = total = 0
    for images, labels in loader:
        pred = model(images).argmax(1)
        correct += (pred == labels).sum().item()
        total += labels.numel()
    return correct / total
