import numpy as np
import torch
import torch.nn.functional as F


def mixup(batch, num_classes, alpha, rng):
    """Mix clips pairwise and return soft multi-hot targets of shape (B, num_classes)."""
    mel, target = batch['mel'], batch['target']
    onehot = F.one_hot(target, num_classes).float()
    lam = float(rng.beta(alpha, alpha)) if alpha > 0 else 1.0
    perm = torch.from_numpy(rng.permutation(mel.size(0)))
    mel = lam * mel + (1 - lam) * mel[perm]
    soft = lam * onehot + (1 - lam) * onehot[perm]
    return mel, soft
