"""Alignment and uniformity losses on the unit hypersphere.

Both expect L2-normalised features of shape [batch, dim].
"""
import torch


def align_loss(x, y, alpha=2):
    return (x - y).norm(p=2, dim=1).pow(alpha).mean()


def uniform_loss(x, t=2):
    # log of the average pairwise Gaussian potential
    sq_pdist = torch.pdist(x.float(), p=2).pow(2)
    return sq_pdist.mul(-t).exp().mean().log()
