import torch


class ActivationStream:
    """Sparse superposition of ground-truth features, like a model's residual stream."""

    def __init__(self, d_in, n_features=512, density=0.02, seed=0, rank=0):
        g = torch.Generator().manual_seed(seed)
        self.features = torch.nn.functional.normalize(torch.randn(n_features, d_in, generator=g), dim=-1)
        self.density = density
        self.gen = torch.Generator().manual_seed(seed + 1000 * (rank + 1))

    def next_batch(self, batch_size):
        mask = torch.rand(batch_size, self.features.shape[0], generator=self.gen) < self.density
        coeff = torch.rand(batch_size, self.features.shape[0], generator=self.gen) * mask
        return coeff @ self.features
