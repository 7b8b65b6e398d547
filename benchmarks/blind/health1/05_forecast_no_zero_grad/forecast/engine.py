import torch


def train_one_epoch(model, loader, optimizer, loss_fn, max_grad_norm=None):
    model.train()
    total, n = 0.0, 0
    for x, y in loader:
        pred = model(x)
        loss = loss_fn(pred, y)
        loss.backward()
        if max_grad_norm is not None:
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
        optimizer.step()
        total += loss.item() * x.size(0)
        n += x.size(0)
    return total / n


@torch.no_grad()
def evaluate(model, loader, loss_fn):
    model.eval()
    total, n = 0.0, 0
    for x, y in loader:
        total += loss_fn(model(x), y).item() * x.size(0)
        n += x.size(0)
    return total / n
