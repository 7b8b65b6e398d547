import torch


def pairwise_sq_dists(a, b):
    return torch.cdist(a, b).pow(2)


def knn_accuracy(emb, labels, k=5):
    """leave-one-out kNN accuracy on the embedding (the usual monitor for metric learning)"""
    emb = torch.nn.functional.normalize(emb, dim=1)
    d = pairwise_sq_dists(emb, emb)
    d.fill_diagonal_(float("inf"))
    nn_idx = d.topk(k, largest=False).indices
    votes = labels[nn_idx]
    pred = torch.mode(votes, dim=1).values
    return (pred == labels).float().mean().item()
