import torch
from torch.utils.data import Dataset


class RandomMolecules(Dataset):
    """Random small graphs with a smooth target (sum of atom features weighted by degree)."""

    def __init__(self, n_graphs=256, max_atoms=12, n_atom_feats=8, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.max_atoms = max_atoms
        self.items = []
        for _ in range(n_graphs):
            n = int(torch.randint(4, max_atoms + 1, (1,), generator=g))
            x = torch.zeros(max_atoms, n_atom_feats)
            x[:n] = torch.randn(n, n_atom_feats, generator=g)
            adj = torch.zeros(max_atoms, max_atoms)
            a = (torch.rand(n, n, generator=g) < 0.3).float()
            a = torch.triu(a, 1)
            adj[:n, :n] = a + a.t()
            mask = torch.zeros(max_atoms)
            mask[:n] = 1.0
            deg = adj.sum(1, keepdim=True)
            y = ((x * (1 + deg)).sum() / n).reshape(1)
            self.items.append((x, adj, mask, y))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]
