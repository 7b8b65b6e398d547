import torch.nn as nn

from .layers import GatedAttentionPool, InstanceEncoder


class AttentionMIL(nn.Module):
    def __init__(self, in_dim, dim=64):
        super().__init__()
        self.encoder = InstanceEncoder(in_dim, dim)
        self.pool = GatedAttentionPool(dim)
        self.classifier = nn.Linear(dim, 1)

    def forward(self, bags, mask):
        pooled, weights = self.pool(self.encoder(bags), mask)
        return self.classifier(pooled).squeeze(-1), weights
