import torch
import torch.nn.functional as F


def label_smoothed_nll(logits, target, eps=0.1, ignore_index=0):
    """Token-level cross entropy with label smoothing.

    logits: (batch, tgt_len, vocab)   target: (batch, tgt_len)
    """
    return F.cross_entropy(logits, target, ignore_index=ignore_index, label_smoothing=eps)


def token_accuracy(logits, target, ignore_index=0):
    mask = target != ignore_index
    return ((logits.argmax(-1) == target) & mask).sum().item() / max(mask.sum().item(), 1)
