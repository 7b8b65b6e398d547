import torch


def build_padding_mask(length, max_len, causal=False):
    """Boolean mask of shape (max_len,), True on real tokens."""
    mask = torch.zeros(max_len, dtype=torch.bool)
    mask[:length] = True
    if causal:
        positions = torch.arange(max_len)
        mask = mask.unsqueeze(0) & (positions.unsqueeze(0) <= positions.unsqueeze(1))
    return mask
