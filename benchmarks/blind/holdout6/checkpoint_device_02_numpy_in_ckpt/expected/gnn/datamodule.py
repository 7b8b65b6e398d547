import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


def random_molecules(n_graphs, n_nodes, n_feats, seed):
    """Random small graphs with a smooth 'property' depending on degree and node features."""
    rng = np.random.default_rng(seed)
    adj = (rng.random((n_graphs, n_nodes, n_nodes)) < 0.25).astype(np.float32)
    adj = np.triu(adj, 1)
    adj = adj + adj.transpose(0, 2, 1)
    x = rng.normal(size=(n_graphs, n_nodes, n_feats)).astype(np.float32)
    deg = adj.sum(-1)
    y = 3.0 * (deg * x[..., 0]).mean(-1) + 2.0 * np.tanh(x[..., 1]).sum(-1) + 10.0 + rng.normal(0, 0.1, n_graphs)
    return adj, x, y


class GraphDataset(Dataset):
    def __init__(self, adj, x, y):
        self.adj, self.x, self.y = adj, x, y

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return torch.from_numpy(self.adj[i]), torch.from_numpy(self.x[i]), torch.tensor(self.y[i], dtype=torch.float32)


class MoleculeDataModule:
    def __init__(self, n_graphs=1200, n_nodes=12, n_feats=8, batch_size=32, seed=0):
        self.n_graphs, self.n_nodes, self.n_feats = n_graphs, n_nodes, n_feats
        self.batch_size, self.seed = batch_size, seed
        self.y_mean = None
        self.y_std = None

    def setup(self, stage):
        adj, x, y = random_molecules(self.n_graphs, self.n_nodes, self.n_feats, self.seed)
        n_tr, n_va = int(0.7 * len(y)), int(0.15 * len(y))
        if self.y_mean is None:
            self.y_mean = y[:n_tr].mean()
            self.y_std = y[:n_tr].std()
        y = (y - self.y_mean) / self.y_std
        sl = {"train": slice(0, n_tr), "val": slice(n_tr, n_tr + n_va), "test": slice(n_tr + n_va, None)}
        self.splits = {k: GraphDataset(adj[s], x[s], y[s]) for k, s in sl.items()}

    def train_dataloader(self):
        return DataLoader(self.splits["train"], batch_size=self.batch_size, shuffle=True)

    def val_dataloader(self):
        return DataLoader(self.splits["val"], batch_size=128)

    def test_dataloader(self):
        return DataLoader(self.splits["test"], batch_size=128)

    def state_dict(self):
        return {"y_mean": float(self.y_mean), "y_std": float(self.y_std)}

    def load_state_dict(self, state):
        self.y_mean, self.y_std = state["y_mean"], state["y_std"]
