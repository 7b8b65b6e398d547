import torch
import torch.nn as nn

from .model import build_model


class Trainer:
    def __init__(self, in_features, num_classes, lr=1e-3, hidden=64):
        self.in_features = in_features
        self.num_classes = num_classes
        self.hidden = hidden
        self.model = build_model(in_features, num_classes, hidden)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=lr)
        self.criterion = nn.CrossEntropyLoss()

    def reset(self, seed):
        torch.manual_seed(seed)
        self.model = build_model(self.in_features, self.num_classes, self.hidden)

    def train_epoch(self, loader):
        self.model.train()
        total, n = 0.0, 0
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            total += loss.item() * len(y)
            n += len(y)
        return total / n

    @torch.no_grad()
    def validate(self, loader):
        self.model.eval()
        correct = n = 0
        for x, y in loader:
            correct += (self.model(x).argmax(1) == y).sum().item()
            n += len(y)
        return correct / n
