import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, train_loader, val_loader, lr):
        self.model = model
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.criterion = nn.BCELoss()
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)

    def train_epoch(self):
        self.model.train()
        running = 0.0
        for features, labels in self.train_loader:
            self.optimizer.zero_grad()
            outputs = self.model(features)
            loss = self.criterion(outputs, labels)
            loss.backward()
            self.optimizer.step()
            running += loss.item() * features.size(0)
        return running / len(self.train_loader.dataset)

    @torch.no_grad()
    def evaluate(self):
        self.model.eval()
        correct = 0
        for features, labels in self.val_loader:
            preds = (self.model(features) > 0.5).long()
            correct += (preds == labels.long()).sum().item()
        return correct / len(self.val_loader.dataset)

    def fit(self, epochs):
        for epoch in range(1, epochs + 1):
            loss = self.train_epoch()
            acc = self.evaluate()
            print(f"Epoch {epoch}: train loss {loss:.4f}, val acc {acc:.3f}")
