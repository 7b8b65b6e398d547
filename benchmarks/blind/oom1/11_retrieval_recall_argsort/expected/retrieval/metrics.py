import torch


@torch.no_grad()
def recall_at_k(query, gallery, ks=(1, 5)):
    """query[i] should retrieve gallery[i]."""
    sim = query @ gallery.T
    ranking = sim.topk(max(ks), dim=1).indices
    target = torch.arange(len(query)).unsqueeze(1)
    return {k: (ranking[:, :k] == target).any(dim=1).float().mean().item() for k in ks}
