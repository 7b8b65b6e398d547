from typing import Sequence

import torch
import torch.nn.functional as F
from torch import nn

from .layers import DenseGraphConv


class GraphClassifier(nn.Module):
    """Stack of GCN layers (sizes given as a list) followed by mean-pool readout.

    The last entry of `dims` is the number of classes; the final layer outputs logits per node,
    which are mean-pooled over real (non-padded) nodes.
    """

    def __init__(self, dims: Sequence[int], dropout: float = 0.1):
        super().__init__()
        self.dropout = dropout
        self.convs = []
        for d_in, d_out in zip(dims[:-1], dims[1:]):
            self.convs.append(DenseGraphConv(d_in, d_out))

    def forward(self, x: torch.Tensor, adj: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        for i, conv in enumerate(self.convs):
            x = conv(x, adj)
            if i < len(self.convs) - 1:
                x = F.dropout(F.relu(x), self.dropout, self.training)
        m = mask.unsqueeze(-1).float()
        return (x * m).sum(1) / m.sum(1)
