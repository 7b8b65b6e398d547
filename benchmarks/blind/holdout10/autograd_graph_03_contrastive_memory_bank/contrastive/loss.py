import torch
import torch.nn.functional as F


def info_nce(q, k, negatives, temperature=0.1):
    pos = (q * k).sum(dim=1, keepdim=True)
    neg = q @ negatives.t()
    logits = torch.cat([pos, neg], dim=1) / temperature
    target = torch.zeros(q.size(0), dtype=torch.long, device=q.device)
    return F.cross_entropy(logits, target)
