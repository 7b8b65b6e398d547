import torch
import torch.nn.functional as F


def train_one_epoch(model, loader, optimizer, accum_steps):
    model.train()
    optimizer.zero_grad()
    running = 0.0
    for i, (images, labels) in enumerate(loader):
        loss = F.cross_entropy(model(images), labels) / accum_steps
        loss.backward()
        running += loss.item() * accum_steps
        if (i + 1) % accum_steps == 0 or (i + 1) == len(loader):
            optimizer.step()
            optimizer.zero_grad()
            print(f"  step {(i + 1) // accum_steps} loss {running / (i + 1):.4f}", flush=True)
    return running / len(loader)


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct = total = 0
    for images, labels in loader:
        correct += (model(images).argmax(1) == labels).sum().item()
        total += len(labels)
    return correct / total
