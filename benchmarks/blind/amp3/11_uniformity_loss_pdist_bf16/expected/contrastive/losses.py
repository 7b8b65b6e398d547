import torch
import torch.nn.functional as F


def align_loss(x, y, alpha=2):
    return (x - y).norm(p=2, dim=1).pow(alpha).mean()


def uniform_loss(x, t=2):
    return torch.pdist(x.float(), p=2).pow(2).mul(-t).exp().mean().log()


class AlignUniformLoss(torch.nn.Module):
    def __init__(self, lam=1.0, alpha=2, t=2):
        super().__init__()
        self.lam, self.alpha, self.t = lam, alpha, t

    def forward(self, z1, z2):
        z1, z2 = F.normalize(z1, dim=1), F.normalize(z2, dim=1)
        uni = (uniform_loss(z1, self.t) + uniform_loss(z2, self.t)) / 2
        return align_loss(z1, z2, self.alpha) + self.lam * uni
