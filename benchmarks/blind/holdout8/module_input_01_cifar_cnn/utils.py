import torch
from torch.utils.data import TensorDataset


def make_fake_cifar(n=512, seed=0):
    # synthetic stand-in for CIFAR-10: 3x32x32 images, 10 classes
    g = torch.Generator().manual_seed(seed)
    images = torch.rand(n, 3, 32, 32, generator=g)
    labels = torch.randint(0, 10, (n,), generator=g)
    # normalize like transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))
    images = (images - 0.5) / 0.5
    return TensorDataset(images, labels)


def accuracy(outputs, labels):
    _, predicted = torch.max(outputs, 1)
    return (predicted == labels).sum().item() / labels.size(0)
