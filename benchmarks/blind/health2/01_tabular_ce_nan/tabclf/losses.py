import torch


def cross_entropy(logits, target, num_classes, label_smoothing=0.0):
    probs = torch.softmax(logits, dim=1)
    onehot = torch.zeros_like(probs).scatter_(1, target.unsqueeze(1), 1.0)
    if label_smoothing > 0:
        onehot = onehot * (1.0 - label_smoothing) + label_smoothing / num_classes
    return -(onehot * torch.log(probs)).sum(dim=1).mean()
