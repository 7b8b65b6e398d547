import torch
from torch.utils.data import TensorDataset


def leaf_dataset(n_train, image_size, seed):
    """5 leaf-disease classes rendered as coloured blotch patterns on a green background."""
    g = torch.Generator().manual_seed(seed)
    num_classes = 5
    y = torch.randint(0, num_classes, (n_train,), generator=g)
    x = 0.2 * torch.randn(n_train, 3, image_size, image_size, generator=g)
    x[:, 1] += 0.5
    for c in range(num_classes):
        idx = (y == c).nonzero().flatten()
        x[idx, c % 3, c * 6:c * 6 + 8, :] += 1.0 + 0.3 * c
    return TensorDataset(x, y), num_classes
