import torch


@torch.no_grad()
def recall_at_k(q_emb, d_emb, ks=(1, 5, 10)):
    """Query i's relevant document is document i."""
    sim = q_emb @ d_emb.t()
    ranking = sim.argsort(dim=1, descending=True)
    target = torch.arange(len(q_emb)).unsqueeze(1)
    return {k: (ranking[:, :k] == target).any(1).float().mean().item() for k in ks}
