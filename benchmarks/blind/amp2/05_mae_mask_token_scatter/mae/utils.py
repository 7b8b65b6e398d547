import torch


def patchify(imgs, p):
    b, c, h, w = imgs.shape
    x = imgs.reshape(b, c, h // p, p, w // p, p)
    return x.permute(0, 2, 4, 3, 5, 1).reshape(b, (h // p) * (w // p), p * p * c)


def random_token_mask(batch_size, seq_len, mask_ratio, device=None):
    """Returns (idx_keep, idx_mask): per-sample indices of visible and masked tokens."""
    n_keep = int(seq_len * (1 - mask_ratio))
    noise = torch.rand(batch_size, seq_len, device=device)
    order = noise.argsort(dim=1)
    return order[:, :n_keep], order[:, n_keep:]


def get_at_index(tokens, index):
    index = index.unsqueeze(-1).expand(-1, -1, tokens.shape[-1])
    return torch.gather(tokens, 1, index)


def repeat_token(token, size):
    batch_size, seq_len = size
    return token.repeat(batch_size, seq_len, 1)


def set_at_index(tokens, index, value):
    """Write value[b, i] into tokens[b, index[b, i]]."""
    index = index.unsqueeze(-1).expand(-1, -1, tokens.shape[-1])
    return torch.scatter(tokens, 1, index, value)
