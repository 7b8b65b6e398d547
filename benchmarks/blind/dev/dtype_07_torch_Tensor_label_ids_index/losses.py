import torch
import torch.nn.functional as F
from torch import nn


class ClassBalancedCE(nn.Module):
    """Cross entropy where each sample is weighted by the inverse frequency of its class."""

    def __init__(self, class_weights):
        super().__init__()
        self.register_buffer("class_weights", class_weights)

    def forward(self, logits, target):
        sample_w = self.class_weights[target]
        per_sample = F.cross_entropy(logits, target, reduction="none")
        return (sample_w * per_sample).sum() / sample_w.sum()
