import time

import torch


class Trainer:
    def __init__(self, model, optimizer, criterion, log_every=5):
        self.model, self.optimizer, self.criterion = model, optimizer, criterion
        self.log_every = log_every
        self.history = []

    def _step(self, x, y):
        self.optimizer.zero_grad(set_to_none=True)
        loss = self.criterion(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        loss_sum, correct, n = 0.0, 0, 0
        for x, y in loader:
            logits = self.model(x)
            loss_sum += self.criterion(logits, y).item() * len(x)
            correct += (logits.argmax(1) == y).sum().item()
            n += len(x)
        self.model.train()
        return loss_sum / n, correct / n

    def fit(self, train_loader, val_loader, epochs):
        for epoch in range(epochs):
            t0 = time.time()
            for i, (x, y) in enumerate(train_loader):
                loss = self._step(x, y)
                if i % self.log_every == 0:
                    print(f"  epoch {epoch} it {i} loss {loss:.4f}")
            val_loss, val_acc = self.evaluate(val_loader)
            self.history.append((epoch, val_loss, val_acc))
            print(f"epoch {epoch} done in {time.time() - t0:.1f}s  val_loss {val_loss:.4f}  val_acc {val_acc:.3f}")
        return self.history
