import time

import torch
import torch.nn.functional as F


def train_one_epoch(model, loader, optimizer, scheduler, epoch, log_every=5):
    model.train()
    total, seen, start = 0.0, 0, time.time()
    for step, (images, labels) in enumerate(loader):
        logits = model(images)
        loss = F.cross_entropy(logits, labels, label_smoothing=0.1)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        total += loss.item() * images.size(0)
        seen += images.size(0)
        if step % log_every == 0:
            print(f"epoch {epoch} step {step:3d} loss {loss.item():.4f} lr {scheduler.get_last_lr()[0]:.2e}")
    return {"train_loss": total / seen, "time": time.time() - start}


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct, n = 0, 0
    for images, labels in loader:
        correct += (model(images).argmax(-1) == labels).sum().item()
        n += labels.numel()
    return {"val_acc": correct / n}
