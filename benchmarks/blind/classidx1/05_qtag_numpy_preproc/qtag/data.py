import torch
from torch.utils.data import Dataset, DataLoader

from .preprocess import load_splits


class QTagDataset(Dataset):
    def __init__(self, features, labels):
        self.features = features
        self.labels = labels

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, item_idx):
        return {
            'features': torch.tensor(self.features[item_idx], dtype=torch.float),
            'labels': torch.tensor(self.labels[item_idx], dtype=torch.float),
        }


class QTagDataModule:
    def __init__(self, batch_size=16):
        self.batch_size = batch_size

    def setup(self):
        (x_tr, y_tr), (x_va, y_va) = load_splits()
        self.train_dataset = QTagDataset(x_tr, y_tr)
        self.val_dataset = QTagDataset(x_va, y_va)

    def train_dataloader(self):
        return DataLoader(self.train_dataset, batch_size=self.batch_size, shuffle=True)

    def val_dataloader(self):
        return DataLoader(self.val_dataset, batch_size=self.batch_size)
