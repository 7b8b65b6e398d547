import torch


def gaussian_mixture_classification(n_train=3000, n_test=600, dim=20, n_classes=10, seed=0):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(n_classes, dim, generator=g) * 1.2

    def draw(n):
        y = torch.randint(0, n_classes, (n,), generator=g)
        return centers[y] + torch.randn(n, dim, generator=g), y

    return draw(n_train), draw(n_test)
