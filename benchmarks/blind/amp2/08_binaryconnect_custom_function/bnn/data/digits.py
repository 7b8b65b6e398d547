import torch


def make_digits(n_train, n_test, side=12, seed=0):
    """10 random 12x12 binary prototypes, samples = prototype with 10% of pixels flipped + noise."""
    g = torch.Generator().manual_seed(seed)
    protos = (torch.rand(10, side * side, generator=g) > 0.5).float()

    def sample(n):
        y = torch.randint(0, 10, (n,), generator=g)
        flip = (torch.rand(n, side * side, generator=g) < 0.1).float()
        x = (protos[y] - flip).abs() + 0.1 * torch.randn(n, side * side, generator=g)
        return x * 2 - 1, y

    return (*sample(n_train), *sample(n_test))
