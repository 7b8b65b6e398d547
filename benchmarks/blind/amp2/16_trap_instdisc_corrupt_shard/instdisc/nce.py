import torch
import torch.nn.functional as F


def nce_loss(z, bank, idx, n_neg, tau):
    """Softmax NCE: the instance's own memory entry vs n_neg random entries."""
    pos = bank.get(idx)                                               # [B, D] float32
    neg_idx = torch.randint(0, bank.bank.shape[0], (len(idx), n_neg))
    neg = bank.get(neg_idx)                                           # [B, K, D] float32
    z = z.float()
    logits = torch.cat([(z * pos).sum(-1, keepdim=True), torch.einsum("bd,bkd->bk", z, neg)], 1) / tau
    return F.cross_entropy(logits, torch.zeros(len(idx), dtype=torch.long))
