import torch


def corrupt(x, kind="gaussian", level=0.1):
    if kind == "gaussian":
        return x + level * torch.randn_like(x)
    if kind == "masking":
        return x * (torch.rand_like(x) > level).float()
    if kind == "saltpepper":
        m = torch.rand_like(x)
        x = x.clone()
        x[m < level / 2] = x.min()
        x[m > 1 - level / 2] = x.max()
        return x
    raise ValueError(kind)


def roc_auc(scores_pos, scores_neg):
    s = torch.cat([scores_pos, scores_neg])
    ranks = s.argsort().argsort().float() + 1
    n_pos, n_neg = len(scores_pos), len(scores_neg)
    return ((ranks[:n_pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)).item()
