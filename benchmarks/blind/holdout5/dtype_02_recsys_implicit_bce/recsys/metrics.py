import numpy as np
import torch


@torch.no_grad()
def hit_rate_at_k(model, test_pairs, train_pos, n_items, k=10, n_candidates=99, seed=0):
    rng = np.random.default_rng(seed)
    model.eval()
    hits = 0
    for u, i in test_pairs:
        cands = [int(i)]
        while len(cands) < n_candidates + 1:
            j = int(rng.integers(n_items))
            if j != i and j not in train_pos.get(int(u), ()):
                cands.append(j)
        items = torch.tensor(cands)
        users = torch.full_like(items, int(u))
        scores = model(users, items)
        topk = torch.topk(scores, k).indices
        hits += int((topk == 0).any())
    return hits / len(test_pairs)
