import torch


def logsumexp(logits):
    m = logits.max(dim=1).values
    return m + torch.log(torch.exp(logits - m.unsqueeze(1)).sum(dim=1))


def softmax_cross_entropy(logits, target, label_smoothing=0.0):
    lse = logsumexp(logits)
    log_probs = logits - lse.unsqueeze(1)
    nll = -log_probs.gather(1, target.unsqueeze(1)).squeeze(1)
    if label_smoothing > 0:
        smooth = -log_probs.mean(dim=1)
        nll = (1 - label_smoothing) * nll + label_smoothing * smooth
    return nll.mean()
