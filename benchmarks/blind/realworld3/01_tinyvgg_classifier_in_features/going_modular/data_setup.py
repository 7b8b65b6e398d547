"""
Contains functionality for creating PyTorch DataLoaders for
image classification data (FashionMNIST-like, generated locally).
"""
import torch
from torch.utils.data import DataLoader, TensorDataset

NUM_WORKERS = 0


def make_fake_fashion(n, seed):
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, 10, (n,), generator=g)
    images = torch.rand(n, 1, 28, 28, generator=g) * 0.3
    # draw a class-dependent bar so the problem is learnable
    for i, y in enumerate(labels.tolist()):
        images[i, 0, 2 + 2 * y: 4 + 2 * y, 4:24] += 0.7
    return images, labels


def create_dataloaders(batch_size: int, num_workers: int = NUM_WORKERS):
    """Creates training and testing DataLoaders."""
    train_x, train_y = make_fake_fashion(1200, 0)
    test_x, test_y = make_fake_fashion(300, 1)
    class_names = ["T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                   "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot"]
    train_dataloader = DataLoader(TensorDataset(train_x, train_y), batch_size=batch_size,
                                  shuffle=True, num_workers=num_workers)
    test_dataloader = DataLoader(TensorDataset(test_x, test_y), batch_size=batch_size,
                                 shuffle=False, num_workers=num_workers)
    return train_dataloader, test_dataloader, class_names
