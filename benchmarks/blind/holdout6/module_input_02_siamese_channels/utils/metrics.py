import torch


@torch.no_grad()
def verification_accuracy(dist, same, thresholds=None):
    if thresholds is None:
        thresholds = torch.linspace(0.05, 2.0, 40)
    best = 0.0
    for t in thresholds:
        pred = dist < t
        acc = (pred == same.bool()).float().mean().item()
        best = max(best, acc)
    return best
