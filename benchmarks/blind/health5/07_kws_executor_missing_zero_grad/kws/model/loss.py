import torch.nn.functional as F


def criterion(logits, target):
    loss = F.cross_entropy(logits, target)
    acc = (logits.argmax(-1) == target).float().mean()
    return loss, acc
