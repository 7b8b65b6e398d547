import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, lr, momentum=0.9, weight_decay=5e-4):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=momentum,
                                         weight_decay=weight_decay)

    def train_epoch(self, loader):
        self.model.train()
        total, n = 0.0, 0
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = F.cross_entropy(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            total += loss.item() * len(y)
            n += len(y)
        return total / n

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        correct, n = 0, 0
        for x, y in loader:
            correct += (self.model(x).argmax(1) == y).sum().item()
            n += len(y)
        return correct / n
