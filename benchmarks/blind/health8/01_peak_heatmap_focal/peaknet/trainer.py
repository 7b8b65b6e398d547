import torch


class Trainer:
    def __init__(self, model, loss, optimizer):
        self.model = model
        self.loss = loss
        self.optimizer = optimizer

    def run_epoch(self, epoch, loader):
        self.model.train()
        total, n = 0.0, 0
        for batch in loader:
            outputs = self.model(batch["input"])
            loss, stats = self.loss(outputs, batch)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            total += loss.item()
            n += 1
        return total / max(n, 1)

    @torch.no_grad()
    def val(self, loader):
        self.model.eval()
        total, n = 0.0, 0
        for batch in loader:
            outputs = self.model(batch["input"])
            loss, _ = self.loss(outputs, batch)
            total += loss.item()
            n += 1
        return total / max(n, 1)
