import torch


def good_and_bad(n_train, n_test, size=64, seed=0):
    g = torch.Generator().manual_seed(seed)
    def texture(n):
        base = torch.sin(torch.linspace(0, 12.0, size)).view(1, 1, 1, size).expand(n, 3, size, size)
        return base + 0.2 * torch.randn(n, 3, size, size, generator=g)
    train = texture(n_train)
    test = texture(n_test)
    labels = torch.zeros(n_test, dtype=torch.long)
    labels[n_test // 2:] = 1
    test[n_test // 2:, :, 20:36, 20:36] += 2.0  # defects
    return train, test, labels
