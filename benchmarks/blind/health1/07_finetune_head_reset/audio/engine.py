import torch
import torch.nn as nn
from torch.utils.data import DataLoader


class Trainer:
    def __init__(self, model, optimizer, batch_size=32):
        self.model = model
        self.optimizer = optimizer
        self.batch_size = batch_size
        self.criterion = nn.CrossEntropyLoss()

    def _prepare_head(self, num_classes):
        if self.model.classifier.out_features != num_classes:
            print(f"re-initialising classifier: {self.model.classifier.out_features} -> {num_classes} classes")
            self.model.reset_classifier(num_classes)

    def _run_epoch(self, loader, train):
        self.model.train(train)
        total, correct, n = 0.0, 0, 0
        for x, y in loader:
            with torch.set_grad_enabled(train):
                logits = self.model(x)
                loss = self.criterion(logits, y)
            if train:
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            total += loss.item() * len(y)
            correct += (logits.argmax(1) == y).sum().item()
            n += len(y)
        return total / n, correct / n

    def fit(self, train_ds, val_ds, epochs):
        self._prepare_head(train_ds.num_classes)
        train_loader = DataLoader(train_ds, batch_size=self.batch_size, shuffle=True)
        val_loader = DataLoader(val_ds, batch_size=self.batch_size)
        for epoch in range(1, epochs + 1):
            tr_loss, tr_acc = self._run_epoch(train_loader, train=True)
            va_loss, va_acc = self._run_epoch(val_loader, train=False)
            print(f"epoch {epoch}: train loss {tr_loss:.4f} acc {tr_acc:.3f} | val loss {va_loss:.4f} acc {va_acc:.3f}")
