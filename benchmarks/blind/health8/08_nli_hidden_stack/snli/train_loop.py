import torch
import torch.nn.functional as F


def run_epoch(model, loader, optimizer=None):
    training = optimizer is not None
    model.train(training)
    total, correct, n = 0.0, 0, 0
    with torch.set_grad_enabled(training):
        for prem, prem_off, hyp, hyp_off, y in loader:
            logits = model(prem, prem_off, hyp, hyp_off)
            loss = F.cross_entropy(logits, y)
            if training:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            total += loss.item() * len(y)
            correct += (logits.argmax(1) == y).sum().item()
            n += len(y)
    return total / n, correct / n
