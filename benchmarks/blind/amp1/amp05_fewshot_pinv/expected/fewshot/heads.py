import torch
import torch.nn as nn
import torch.nn.functional as F


class LeastSquaresHead(nn.Module):
    """Minimum-norm least-squares classifier fitted on the support set, applied to the query set."""

    def __init__(self, init_scale=5.0):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor(init_scale))
        self.bias = nn.Parameter(torch.zeros(1))

    def forward(self, support, support_y, query, way):
        support = F.normalize(support, dim=-1)
        query = F.normalize(query, dim=-1)
        targets = F.one_hot(support_y, way).to(support.dtype)
        with torch.autocast(support.device.type, enabled=False):
            weights = torch.linalg.pinv(support.float()) @ targets.float()
        return self.scale * (query @ weights) + self.bias
