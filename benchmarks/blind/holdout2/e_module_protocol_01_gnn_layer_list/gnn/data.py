import torch
from torch.utils.data import Dataset


class TwoCommunityGraphs(Dataset):
    """Random graphs padded to `max_nodes`. Label 1: two dense communities; label 0: Erdos-Renyi."""

    def __init__(self, n_graphs: int = 300, max_nodes: int = 16, feat_dim: int = 8, seed: int = 0):
        g = torch.Generator().manual_seed(seed)
        self.samples = []
        for _ in range(n_graphs):
            n = int(torch.randint(8, max_nodes + 1, (1,), generator=g))
            label = int(torch.randint(0, 2, (1,), generator=g))
            if label:
                side = torch.arange(n) < n // 2
                same = side.unsqueeze(0) == side.unsqueeze(1)
                p = torch.where(same, torch.tensor(0.7), torch.tensor(0.05))
            else:
                p = torch.full((n, n), 0.3)
            a = (torch.rand(n, n, generator=g) < p).float().triu(1)
            a = a + a.T
            adj = torch.zeros(max_nodes, max_nodes)
            adj[:n, :n] = a
            x = torch.zeros(max_nodes, feat_dim)
            x[:n] = torch.randn(n, feat_dim, generator=g)
            x[:n, 0] = a.sum(1) / n  # normalised degree as a feature
            mask = torch.zeros(max_nodes, dtype=torch.bool)
            mask[:n] = True
            self.samples.append((x, adj, mask, label))

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, i):
        return self.samples[i]
