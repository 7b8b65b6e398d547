import torch
import torch.nn as nn
import torch.nn.functional as F


class ADPLoss(nn.Module):
    """Pang et al., 2019: sum of member CE - alpha * H(mean prediction) - beta * log ED, where
    ED = det(M~^T M~) over the L2-normalised non-maximal predictions of the members."""

    def __init__(self, n_classes, alpha=2.0, beta=0.5, log_det_eps=1e-20):
        super().__init__()
        self.n_classes, self.alpha, self.beta, self.eps = n_classes, alpha, beta, log_det_eps

    def forward(self, probs, y):
        M, B, C = probs.shape
        ce = sum(F.nll_loss(torch.log(p + 1e-12), y) for p in probs)
        mean_p = probs.mean(0)
        ee = -(mean_p * torch.log(mean_p + 1e-20)).sum(-1).mean()

        # non-maximal predictions: drop the true class, normalise each member's vector
        keep = ~F.one_hot(y, C).bool()                                   # [B, C]
        non_max = probs.permute(1, 2, 0)[keep].view(B, C - 1, M)         # [B, C-1, M]
        non_max = F.normalize(non_max, dim=1)
        gram = non_max.transpose(1, 2) @ non_max                         # [B, M, M]
        log_det = torch.log(torch.det(gram) + self.eps).mean()

        loss = ce - self.alpha * ee - self.beta * log_det
        return loss, {"ce": ce.item() / M, "ee": ee.item(), "logdet": log_det.item()}
