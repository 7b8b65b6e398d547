import math

import torch


def detach_hidden(hidden):
    """Cut the graph between BPTT segments so gradients don't flow into previous batches."""
    if isinstance(hidden, torch.Tensor):
        return hidden.detach()
    return hidden


def perplexity(loss):
    return math.exp(min(loss, 20))
