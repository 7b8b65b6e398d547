import numpy as np
import torch
import torch.utils.data


class _TensorSet(torch.utils.data.Dataset):
    def __init__(self, images: np.ndarray, targets: np.ndarray):
        self.images = torch.from_numpy(images)
        self.targets = torch.from_numpy(targets)

    def __len__(self):
        return len(self.targets)

    def __getitem__(self, idx):
        return self.images[idx], self.targets[idx]


class GTSRB:
    """Tiny synthetic stand-in for GTSRB: 8x8 'signs', heavily imbalanced classes."""
    name = 'gtsrb'
    num_classes = 6
    data_shape = [3, 8, 8]

    def __init__(self, batch_size: int = 32, loss_weights: bool = True, seed: int = 0):
        self.batch_size = batch_size
        rng = np.random.RandomState(seed)
        freq = np.array([0.35, 0.25, 0.15, 0.12, 0.08, 0.05])
        self.prototypes = rng.rand(self.num_classes, *self.data_shape).astype(np.float32)
        self.splits = {}
        for split, n in (('train', 300), ('valid', 90)):
            targets = rng.choice(self.num_classes, size=n, p=freq)
            images = self.prototypes[targets] + 0.3 * rng.randn(n, *self.data_shape).astype(np.float32)
            self.splits[split] = _TensorSet(images.astype(np.float32), targets.astype(np.int64))
        self.loss_weights = self.get_loss_weights() if loss_weights else None

    def get_loss_weights(self) -> np.ndarray:
        targets = self.splits['train'].targets.numpy()
        _, counts = np.unique(targets, return_counts=True)
        loss_weights = counts.sum() / counts
        return loss_weights / loss_weights.mean()

    def get_dataloader(self, mode: str, shuffle: bool = None):
        shuffle = (mode == 'train') if shuffle is None else shuffle
        return torch.utils.data.DataLoader(self.splits[mode], batch_size=self.batch_size, shuffle=shuffle)
