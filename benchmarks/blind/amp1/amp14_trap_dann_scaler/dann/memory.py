import torch
import torch.nn as nn


class FeatureBank(nn.Module):
    """Ring buffer of recent target-domain features (no gradients)."""

    def __init__(self, size, dim):
        super().__init__()
        self.register_buffer("bank", torch.zeros(size, dim))
        self.register_buffer("ptr", torch.zeros((), dtype=torch.long))
        self.register_buffer("filled", torch.zeros((), dtype=torch.long))

    @torch.no_grad()
    def push(self, feats):
        n = feats.size(0)
        idx = (self.ptr + torch.arange(n, device=feats.device)) % self.bank.size(0)
        self.bank.index_copy_(0, idx, feats.detach().to(self.bank.dtype))
        self.ptr.copy_((self.ptr + n) % self.bank.size(0))
        self.filled.copy_(torch.clamp(self.filled + n, max=self.bank.size(0)))

    def contents(self):
        return self.bank[: int(self.filled)]


def class_means(feats, labels, num_classes):
    sums = torch.zeros(num_classes, feats.size(1), dtype=feats.dtype, device=feats.device)
    sums.index_add_(0, labels, feats)
    counts = torch.bincount(labels, minlength=num_classes).clamp(min=1).to(feats.dtype)
    return sums / counts.unsqueeze(1)


def whitening_penalty(feats, bank_feats, eps=1e-3):
    """-logdet of the feature covariance (source batch + bank), computed in fp32."""
    with torch.autocast(feats.device.type, enabled=False):
        z = torch.cat([feats.float(), bank_feats.float()])
        z = z - z.mean(0, keepdim=True)
        cov = z.T @ z / (z.size(0) - 1) + eps * torch.eye(z.size(1), device=z.device)
        return -torch.linalg.slogdet(cov)[1] / z.size(1)
