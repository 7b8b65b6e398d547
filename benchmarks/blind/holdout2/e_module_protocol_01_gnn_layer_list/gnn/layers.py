import torch
from torch import nn


class DenseGraphConv(nn.Module):
    """Kipf & Welling style GCN layer on a dense (batched) adjacency matrix."""

    def __init__(self, in_dim: int, out_dim: int):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim, bias=False)
        self.bias = nn.Parameter(torch.zeros(out_dim))

    def forward(self, x: torch.Tensor, adj: torch.Tensor) -> torch.Tensor:
        # x: (B, N, F), adj: (B, N, N) without self loops
        eye = torch.eye(adj.size(-1), device=adj.device).expand_as(adj)
        a_hat = adj + eye
        deg_inv_sqrt = a_hat.sum(-1).clamp(min=1).pow(-0.5)
        a_norm = deg_inv_sqrt.unsqueeze(-1) * a_hat * deg_inv_sqrt.unsqueeze(-2)
        return a_norm @ self.lin(x) + self.bias
