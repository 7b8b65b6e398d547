import torch
from torch import nn


class ImplicitNet(nn.Module):
    """Auto-decoder: (latent code, xyz) -> occupancy logit."""

    def __init__(self, latent_dim: int, hidden: int, num_layers: int):
        super().__init__()
        layers = []
        in_dim = latent_dim + 3
        for _ in range(num_layers):
            layers += [nn.Linear(in_dim, hidden), nn.ReLU()]
            in_dim = hidden
        self.layers = nn.Sequential(*layers)
        self.out = nn.Linear(hidden, 1)

    def forward(self, latents: torch.Tensor, coords: torch.Tensor) -> torch.Tensor:
        # latents: B x L, coords: B x N x 3
        lat = latents.unsqueeze(1).expand(-1, coords.shape[1], -1)
        x = torch.cat([lat, coords], dim=-1)
        return self.out(self.layers(x)).squeeze(-1)


def create_model(params: dict) -> ImplicitNet:
    return ImplicitNet(params['latent_dim'], params['hidden'], params['num_layers'])
