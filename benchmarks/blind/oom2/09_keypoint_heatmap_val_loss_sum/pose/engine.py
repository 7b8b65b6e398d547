import torch
import torch.nn.functional as F


def train_one_epoch(model, loader, optimizer, epoch):
    model.train()
    total_loss = 0
    for i, (img, target) in enumerate(loader):
        loss = F.mse_loss(model(img), target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total_loss += loss.item()
        print(f"epoch {epoch} iter {i} loss {loss.item():.5f}", flush=True)
    return total_loss / len(loader)


def validate(model, loader):
    model.eval()
    val_loss = 0
    for img, target in loader:
        pred = model(img)
        loss = F.mse_loss(pred, target)
        val_loss += loss
    return val_loss / len(loader)
