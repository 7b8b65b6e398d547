import torch
import torch.nn as nn


def _l1_keep(linear, sparsity):
    """Indices of output neurons to keep, ranked by the L1 norm of their weights."""
    norms = linear.weight.detach().abs().sum(dim=1)
    n_keep = max(1, int(round(norms.numel() * (1 - sparsity))))
    return torch.argsort(norms, descending=True)[:n_keep].sort().values


def _slice_linear(linear, out_idx=None, in_idx=None):
    w = linear.weight.detach()
    b = linear.bias.detach()
    if out_idx is not None:
        w, b = w[out_idx], b[out_idx]
    if in_idx is not None:
        w = w[:, in_idx]
    new = nn.Linear(w.shape[1], w.shape[0])
    with torch.no_grad():
        new.weight.copy_(w)
        new.bias.copy_(b)
    return new


@torch.no_grad()
def speedup_model(model, sparsity):
    """Physically remove the weakest hidden neurons; replaces fc1/fc2/fc3 in place."""
    keep1 = _l1_keep(model.fc1, sparsity)
    keep2 = _l1_keep(model.fc2, sparsity)
    model.fc1 = _slice_linear(model.fc1, out_idx=keep1)
    model.fc2 = _slice_linear(model.fc2, out_idx=keep2, in_idx=keep1)
    model.fc3 = _slice_linear(model.fc3, in_idx=keep2)
    return model


def count_params(model):
    return sum(p.numel() for p in model.parameters())
