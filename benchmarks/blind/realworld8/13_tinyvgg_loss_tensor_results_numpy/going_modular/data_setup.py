"""
Contains functionality for creating PyTorch DataLoaders for
image classification data.
"""
import torch
from torch.utils.data import DataLoader, TensorDataset

NUM_WORKERS = 0


def make_fake_food_images(n, num_classes, seed):
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, num_classes, (n,), generator=g)
    images = torch.rand(n, 3, 64, 64, generator=g) * 0.5
    for c in range(num_classes):
        images[labels == c, c] += 0.4
    return images.clamp(0, 1), labels


def create_dataloaders(batch_size: int, num_workers: int = NUM_WORKERS):
    """Creates training and testing DataLoaders.

    Returns:
      A tuple of (train_dataloader, test_dataloader, class_names).
    """
    class_names = ["pizza", "steak", "sushi"]
    train_x, train_y = make_fake_food_images(225, len(class_names), seed=42)
    test_x, test_y = make_fake_food_images(75, len(class_names), seed=43)

    train_dataloader = DataLoader(TensorDataset(train_x, train_y), batch_size=batch_size,
                                  shuffle=True, num_workers=num_workers)
    test_dataloader = DataLoader(TensorDataset(test_x, test_y), batch_size=batch_size,
                                 shuffle=False, num_workers=num_workers)
    return train_dataloader, test_dataloader, class_names
