import torch


def two_rings(n, noise=0.08, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, 2, (n,), generator=g)
    radius = 0.5 + 0.5 * y.float()
    angle = torch.rand(n, generator=g) * 6.2832
    x = torch.stack([radius * torch.cos(angle), radius * torch.sin(angle)], 1)
    x = x + noise * torch.randn(n, 2, generator=g)
    extra = 0.1 * torch.randn(n, 6, generator=g)
    return torch.cat([x, extra], 1), y


class SemiSupervisedSplit:
    def __init__(self, n_total=1200, n_labeled=60, seed=0):
        x, y = two_rings(n_total, seed=seed)
        self.x_lab, self.y_lab = x[:n_labeled], y[:n_labeled]
        self.x_unlab = x[n_labeled:]
        self.x_test, self.y_test = two_rings(300, seed=seed + 1)

    def iterate(self, batch_lab, batch_unlab, generator):
        perm_u = torch.randperm(len(self.x_unlab), generator=generator)
        for start in range(0, len(perm_u) - batch_unlab + 1, batch_unlab):
            idx_l = torch.randint(0, len(self.x_lab), (batch_lab,), generator=generator)
            yield self.x_lab[idx_l], self.y_lab[idx_l], self.x_unlab[perm_u[start:start + batch_unlab]]
