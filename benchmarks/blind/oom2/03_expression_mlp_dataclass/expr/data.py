import torch
from torch.utils.data import Dataset


class ExpressionMatrix(Dataset):
    """Log-normalised synthetic expression profiles with cell-type specific programs."""

    def __init__(self, n_cells, n_genes, n_types, seed):
        g = torch.Generator().manual_seed(seed)
        programs = torch.randn(n_types, n_genes, generator=g) * 0.5
        self.labels = torch.randint(0, n_types, (n_cells,), generator=g)
        self.x = torch.log1p(torch.relu(programs[self.labels] + torch.randn(n_cells, n_genes, generator=g)))

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.x[i], self.labels[i]
