import torch
import torch.nn.functional as F


def in_batch_softmax_loss(q, d, temperature):
    """InfoNCE with in-batch negatives: the i-th doc is the positive for the i-th query."""
    logits = q @ d.t() / temperature
    labels = torch.arange(logits.size(0), device=logits.device)
    return F.cross_entropy(logits, labels)
