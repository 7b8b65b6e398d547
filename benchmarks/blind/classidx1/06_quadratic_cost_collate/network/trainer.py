import torch
import torch.nn as nn


class SGDTrainer:
    def __init__(self, model, eta):
        self.model = model
        self.criterion = nn.MSELoss()
        self.optimizer = torch.optim.SGD(model.parameters(), lr=eta)

    def train_epoch(self, loader):
        self.model.train()
        total = 0.0
        for x, y in loader:
            self.optimizer.zero_grad()
            out = self.model(x)
            loss = self.criterion(out, y)
            loss.backward()
            self.optimizer.step()
            total += loss.item() * x.size(0)
        return total / len(loader.dataset)

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        correct = 0
        for x, y in loader:
            out = self.model(x)
            correct += (out.argmax(1) == y.argmax(1)).sum().item()
        return correct
