import torch
from torch.utils.data import Dataset


def normalize_adj(A):
    A = A + torch.eye(A.size(0))
    d = A.sum(1).pow(-0.5)
    return d.view(-1, 1) * A * d.view(1, -1)


class SyntheticGraphs(Dataset):
    """PROTEINS-like binary graph classification: class 1 graphs contain a dense motif whose
    nodes carry a marker feature; class 0 graphs carry the same marker on scattered nodes."""

    def __init__(self, n_graphs=400, max_nodes=24, n_feat=6, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.items = []
        for _ in range(n_graphs):
            n = int(torch.randint(12, max_nodes + 1, (1,), generator=g))
            y = int(torch.randint(0, 2, (1,), generator=g))
            A = (torch.rand(n, n, generator=g) < 0.12).float()
            x = 0.3 * torch.randn(n, n_feat, generator=g)
            marked = torch.randperm(n, generator=g)[:5]
            x[marked, 0] += 2.0
            if y == 1:  # connect the marked nodes into a clique
                A[marked.view(-1, 1), marked.view(1, -1)] = 1.0
            A = ((A + A.t()) > 0).float()
            A.fill_diagonal_(0)
            Xp = torch.zeros(max_nodes, n_feat); Xp[:n] = x
            Ap = torch.zeros(max_nodes, max_nodes); Ap[:n, :n] = normalize_adj(A)
            mask = torch.zeros(max_nodes); mask[:n] = 1
            self.items.append((Xp, Ap, mask, y))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]
