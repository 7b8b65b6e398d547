import torch


def pairwise_distances(emb):
    diff = emb.unsqueeze(1) - emb.unsqueeze(0)
    return torch.sqrt((diff ** 2).sum(-1) + 1e-12)


def batch_hard_triplet_loss(emb, labels, margin):
    dist = pairwise_distances(emb)
    same = labels.unsqueeze(0) == labels.unsqueeze(1)
    eye = torch.eye(len(labels), dtype=torch.bool, device=labels.device)
    pos_mask = (same & ~eye).float()
    neg_mask = (~same).float()

    hardest_pos = (dist * pos_mask).max(dim=1).values
    max_dist = dist.max(dim=1, keepdim=True).values
    hardest_neg = (dist + max_dist * (1.0 - neg_mask)).min(dim=1).values
    return torch.relu(hardest_pos - hardest_neg + margin).mean()
