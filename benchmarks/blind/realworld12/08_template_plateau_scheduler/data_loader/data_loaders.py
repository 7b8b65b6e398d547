import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.sampler import SubsetRandomSampler


class SynthDataLoader(DataLoader):
    """Gaussian blobs in 20 dimensions, split into train/valid like BaseDataLoader."""
    def __init__(self, n_samples, batch_size, shuffle=True, validation_split=0.0, num_workers=0):
        g = torch.Generator().manual_seed(0)
        centers = torch.randn(4, 20, generator=g) * 2
        y = torch.randint(0, 4, (n_samples,), generator=g)
        x = centers[y] + torch.randn(n_samples, 20, generator=g)
        dataset = TensorDataset(x, y)
        idx_full = np.arange(n_samples)
        np.random.seed(0)
        np.random.shuffle(idx_full)
        len_valid = int(n_samples * validation_split)
        self.valid_sampler = SubsetRandomSampler(idx_full[:len_valid])
        train_sampler = SubsetRandomSampler(idx_full[len_valid:])
        self.init_kwargs = {'dataset': dataset, 'batch_size': batch_size, 'num_workers': num_workers}
        super().__init__(sampler=train_sampler, **self.init_kwargs)

    def split_validation(self):
        return DataLoader(sampler=self.valid_sampler, **self.init_kwargs)
