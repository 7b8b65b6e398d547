import torch


class FakeActivationStream:
    """Stands in for activations read from a language model: sparse mix of directions."""

    def __init__(self, d_in, n_features=200, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.dirs = torch.nn.functional.normalize(torch.randn(n_features, d_in, generator=g), dim=-1)
        self.g = g

    def next_batch(self, batch_size):
        coeff = torch.rand(batch_size, self.dirs.size(0), generator=self.g)
        coeff = coeff * (coeff > 0.97)
        return coeff @ self.dirs
