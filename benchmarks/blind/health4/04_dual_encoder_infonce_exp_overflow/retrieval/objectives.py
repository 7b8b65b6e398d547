import torch


def in_batch_softmax_loss(q, d, temperature):
    """InfoNCE with in-batch negatives: the i-th doc is the positive for the i-th query."""
    logits = q @ d.t() / temperature
    pos = torch.exp(torch.diagonal(logits))
    denom = torch.exp(logits).sum(dim=1)
    return -torch.log(pos / denom).mean()
