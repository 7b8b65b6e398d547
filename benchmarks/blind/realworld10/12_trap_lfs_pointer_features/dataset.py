import numpy as np
import torch
from torch.utils.data import Dataset


class FeatureDataset(Dataset):
    """Precomputed embeddings (data/features.npy) with their class ids (data/labels.npy)."""

    def __init__(self, root='data'):
        self.features = np.load(f'{root}/features.npy')
        self.labels = np.load(f'{root}/labels.npy')
        assert len(self.features) == len(self.labels)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return torch.from_numpy(self.features[i]), int(self.labels[i])
