import torch


def train_one_epoch(model, loader, optimizer, loss_fn):
    model.train()
    total, n = 0.0, 0
    for xb, yb in loader:
        optimizer.zero_grad()
        pred = model(xb)
        loss = loss_fn(pred, yb)
        loss.backward()
        optimizer.step()
        total += loss.item() * xb.size(0)
        n += xb.size(0)
    return total / n


@torch.no_grad()
def evaluate(model, loader, loss_fn):
    model.eval()
    total, abs_err, n = 0.0, 0.0, 0
    for xb, yb in loader:
        pred = model(xb)
        total += loss_fn(pred, yb).item() * xb.size(0)
        abs_err += (pred - yb).abs().sum().item()
        n += xb.size(0)
    return total / n, abs_err / n
