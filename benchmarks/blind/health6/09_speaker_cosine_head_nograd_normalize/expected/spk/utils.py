import torch
import torch.nn.functional as F


def l2_normalize(x, dim=-1, eps=1e-8):
    return F.normalize(x, p=2, dim=dim, eps=eps)


@torch.no_grad()
def cosine_score(enroll, test):
    return (l2_normalize(enroll) * l2_normalize(test)).sum(-1)
