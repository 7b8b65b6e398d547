import torch
from torch.utils.data import TensorDataset, DataLoader


def get_dataloader(batch_size, num_classes, n_train=256, n_test=64, seed=0):
    """Small synthetic 'flowers' set: class-dependent colour blobs on 32x32 images."""
    g = torch.Generator().manual_seed(seed)
    n = n_train + n_test
    labels = torch.randint(0, num_classes, (n,), generator=g)
    images = torch.randn(n, 3, 32, 32, generator=g) * 0.5
    colours = torch.randn(num_classes, 3, generator=g)
    images += colours[labels][:, :, None, None]
    train = TensorDataset(images[:n_train], labels[:n_train])
    test = TensorDataset(images[n_train:], labels[n_train:])
    return (DataLoader(train, batch_size=batch_size, shuffle=True),
            DataLoader(test, batch_size=batch_size, shuffle=False))
