import torch


def cross_entropy(logits, target, num_classes, label_smoothing=0.0):
    log_probs = torch.log_softmax(logits, dim=1)
    onehot = torch.zeros_like(log_probs).scatter_(1, target.unsqueeze(1), 1.0)
    if label_smoothing > 0:
        onehot = onehot * (1.0 - label_smoothing) + label_smoothing / num_classes
    return -(onehot * log_probs).sum(dim=1).mean()
