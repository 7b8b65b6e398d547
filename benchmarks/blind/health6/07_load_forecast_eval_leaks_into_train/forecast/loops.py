import torch


def run_epoch(model, loader, loss_fn, optimizer=None, clip=1.0):
    """One pass over `loader`. Trains when the model is in training mode, evaluates otherwise."""
    training = model.training
    total, n = 0.0, 0
    with torch.set_grad_enabled(training):
        for x, y in loader:
            pred = model(x)
            loss = loss_fn(pred, y)
            if training:
                optimizer.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
                optimizer.step()
            total += loss.item() * x.size(0)
            n += x.size(0)
    return total / n


def evaluate(model, loader, loss_fn):
    model.eval()
    return run_epoch(model, loader, loss_fn)
