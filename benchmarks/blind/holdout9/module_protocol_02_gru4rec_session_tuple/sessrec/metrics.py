import torch


@torch.no_grad()
def hit_rate_and_mrr(model, loader, k=20):
    model.eval()
    hits, rr, n = 0.0, 0.0, 0
    for prefixes, targets in loader:
        scores = model(prefixes)
        scores[:, 0] = float("-inf")
        topk = scores.topk(k, dim=1).indices
        match = topk == targets[:, None]
        hits += match.any(1).sum().item()
        ranks = match.float().argmax(1) + 1
        rr += (match.any(1).float() / ranks).sum().item()
        n += len(targets)
    model.train()
    return hits / n, rr / n
