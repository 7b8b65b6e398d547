import torch
from torch import nn
import torch.nn.functional as F


def focal_loss(logits, targets, gamma=2.0):
    logp = F.log_softmax(logits, dim=-1).gather(1, targets.unsqueeze(1)).squeeze(1)
    return (-(1 - logp.exp()) ** gamma * logp).mean()


def compute_loss(logits, targets, kind="ce", label_smoothing=0.0):
    """Loss used by train.py; `kind` comes from the experiment config."""
    if kind == "focal":
        return focal_loss(logits, targets)
    if kind == "ce":
        return F.cross_entropy(logits, targets, label_smoothing=label_smoothing)
    raise ValueError(f"unknown loss {kind!r}")
