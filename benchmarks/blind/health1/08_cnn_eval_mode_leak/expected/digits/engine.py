import torch
import torch.nn.functional as F


def train_one_epoch(model, loader, optimizer):
    total, n = 0.0, 0
    for images, labels in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(images), labels)
        loss.backward()
        optimizer.step()
        total += loss.item() * labels.size(0)
        n += labels.size(0)
    return total / n


@torch.no_grad()
def validate(model, loader):
    model.eval()
    total, correct, n = 0.0, 0, 0
    for images, labels in loader:
        logits = model(images)
        total += F.cross_entropy(logits, labels, reduction="sum").item()
        correct += (logits.argmax(1) == labels).sum().item()
        n += labels.size(0)
    return total / n, correct / n


def fit(model, loaders, optimizer, scheduler, epochs):
    history = []
    for epoch in range(epochs):
        model.train()
        train_loss = train_one_epoch(model, loaders["train"], optimizer)
        val_loss, val_acc = validate(model, loaders["val"])
        scheduler.step()
        history.append((train_loss, val_loss, val_acc))
        print(f"epoch {epoch + 1:02d}  loss {train_loss:.4f}  val_loss {val_loss:.4f}  val_acc {val_acc:.3f}  lr {scheduler.get_last_lr()[0]:.2e}")
    return history
