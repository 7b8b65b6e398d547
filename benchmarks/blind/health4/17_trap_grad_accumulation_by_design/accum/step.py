import torch.nn.functional as F


def train_epoch(model, loader, optimizer, accum_steps):
    """Gradient accumulation: gradients of `accum_steps` micro-batches are summed
    (each loss scaled by 1/accum_steps) before one optimizer step."""
    model.train()
    optimizer.zero_grad()
    total, count = 0.0, 0
    for i, (x, y) in enumerate(loader):
        loss = F.mse_loss(model(x), y)
        (loss / accum_steps).backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
        total += loss.item(); count += 1
    return total / count
