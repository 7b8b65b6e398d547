import torch


def mean_pooling(token_embeddings, attention_mask):
    mask = attention_mask.unsqueeze(-1).type_as(token_embeddings)
    summed = torch.sum(token_embeddings * mask, dim=1)
    counts = mask.sum(dim=1)
    return summed / counts.clamp(min=1e-9)


def max_pooling(token_embeddings, attention_mask):
    mask = attention_mask.unsqueeze(-1).bool()
    x = token_embeddings.masked_fill(~mask, -1e4)
    return x.max(dim=1).values
