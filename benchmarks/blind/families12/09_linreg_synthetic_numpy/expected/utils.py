import numpy as np
import torch
from torch.utils import data


def synthetic_data(w, b, num_examples, seed=0):
    """Generate y = Xw + b + noise."""
    rng = np.random.default_rng(seed)
    X = rng.normal(0, 1, (num_examples, len(w)))
    y = X @ np.asarray(w) + b
    y += rng.normal(0, 0.01, y.shape)
    return torch.from_numpy(X).float(), torch.from_numpy(y).float().reshape((-1, 1))


def load_array(data_arrays, batch_size, is_train=True):
    """Construct a PyTorch data iterator."""
    dataset = data.TensorDataset(*data_arrays)
    return data.DataLoader(dataset, batch_size, shuffle=is_train)
