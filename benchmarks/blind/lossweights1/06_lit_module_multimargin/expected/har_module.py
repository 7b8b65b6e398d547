import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from minilit import LightningModule


class HARClassifier(LightningModule):
    """1-D CNN for human activity recognition, trained with a class-balanced multi-class hinge loss."""

    def __init__(self, train_set, val_set, n_classes=5, lr=2e-3, batch_size=32, margin=1.0):
        super().__init__()
        self.train_set, self.val_set = train_set, val_set
        self.lr, self.batch_size = lr, batch_size
        self.net = nn.Sequential(
            nn.Conv1d(3, 16, 5, padding=2), nn.ReLU(),
            nn.Conv1d(16, 16, 5, padding=2), nn.ReLU(),
            nn.AdaptiveAvgPool1d(1), nn.Flatten(),
            nn.Linear(16, n_classes))

        labels = train_set.tensors[1].numpy()
        counts = np.bincount(labels, minlength=n_classes)
        inv_sqrt = 1.0 / np.sqrt(np.maximum(counts, 1))
        class_weight = torch.from_numpy(inv_sqrt * n_classes / inv_sqrt.sum()).float()
        self.register_buffer("class_weight", class_weight)
        self.criterion = nn.MultiMarginLoss(margin=margin, weight=self.class_weight)

    def forward(self, x):
        return self.net(x)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = self.criterion(self(x), y)
        self.log("train_loss", loss.item())
        return loss

    def validation_step(self, batch, batch_idx):
        x, y = batch
        self.log("val_acc", (self(x).argmax(-1) == y).float().mean())

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.lr)

    def train_dataloader(self):
        return DataLoader(self.train_set, batch_size=self.batch_size, shuffle=True)

    def val_dataloader(self):
        return DataLoader(self.val_set, batch_size=len(self.val_set))
