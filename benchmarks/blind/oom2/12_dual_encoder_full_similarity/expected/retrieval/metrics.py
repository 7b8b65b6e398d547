import torch


@torch.no_grad()
def recall_at_k(q_emb, d_emb, ks=(1, 5, 10), chunk=1024):
    """Query i's relevant document is document i."""
    kmax = max(ks)
    hits = {k: 0 for k in ks}
    for s in range(0, len(q_emb), chunk):
        sim = q_emb[s:s + chunk] @ d_emb.t()
        top = sim.topk(kmax, dim=1).indices
        target = torch.arange(s, s + len(top)).unsqueeze(1)
        for k in ks:
            hits[k] += (top[:, :k] == target).any(1).sum().item()
    return {k: hits[k] / len(q_emb) for k in ks}
