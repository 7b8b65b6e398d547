import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, lr, callbacks=(), data_parallel=False):
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = model.to(self.device)
        self.model = nn.DataParallel(model) if data_parallel else model
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=lr)
        self.criterion = nn.BCEWithLogitsLoss()
        self.callbacks = list(callbacks)
        self.current_epoch = 0

    def _batch_loss(self, batch):
        num, cats, y = (t.to(self.device) for t in batch)
        return self.criterion(self.model(num, cats), y), len(y)

    def fit(self, train_loader, val_loader, epochs):
        for self.current_epoch in range(epochs):
            self.model.train()
            for batch in train_loader:
                loss, _ = self._batch_loss(batch)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            self.model.eval()
            total, count = 0.0, 0
            with torch.no_grad():
                for batch in val_loader:
                    loss, n = self._batch_loss(batch)
                    total += loss.item() * n
                    count += n
            for cb in self.callbacks:
                cb.on_validation_end(self, total / count)
