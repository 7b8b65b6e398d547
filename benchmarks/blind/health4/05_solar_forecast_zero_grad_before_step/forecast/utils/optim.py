import torch


def backward_and_step(loss, optimizer, parameters, clip_val=None):
    """Backward pass, optional gradient clipping, then the optimizer update."""
    loss.backward()
    if clip_val:
        torch.nn.utils.clip_grad_norm_(parameters, clip_val)
    optimizer.zero_grad()
    optimizer.step()
