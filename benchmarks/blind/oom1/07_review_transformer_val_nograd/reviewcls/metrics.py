import torch


def roc_auc(probs, labels):
    """Rank-based AUROC (Mann-Whitney U)."""
    order = probs.argsort()
    ranks = torch.empty_like(order, dtype=torch.float)
    ranks[order] = torch.arange(1, len(probs) + 1, dtype=torch.float)
    pos = labels == 1
    n_pos, n_neg = pos.sum(), (~pos).sum()
    return ((ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)).item()
